import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * The build's scripts and styles as `npm run build` compressed them (`scripts/build.ts`): the
 * `.br` or `.gz` beside a file is sent as it is, kept in memory after its first request.
 * Compressing them again for every visitor who has not cached them yet cost this process about
 * 34–43 ms of CPU per first view of the home page (26 files); sent as built, 11–22 ms with gzip
 * and 8 ms with Brotli.
 * Whatever has no compressed copy (a build made with `remix vite:build` alone, images, a Range request)
 * goes on to express.static and the compression middleware as before.
 */

/** In the order they are preferred when a browser accepts both. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

interface CompressedCopy {
  bytes: Buffer;
  etag: string;
}

export function compressedBuildAssets(dir: string, { maxAgeSeconds }: { maxAgeSeconds: number }): RequestHandler {
  const root = path.resolve(dir);
  // Fingerprinted files never change under their name while the process runs: one lookup each.
  // Only files of the build are remembered, so made-up URLs cannot grow this.
  const copies = new Map<string, CompressedCopy | null>();

  function copyOf(file: string, encoding: (typeof ENCODINGS)[number]): CompressedCopy | null {
    const key = `${file}${encoding.suffix}`;
    const known = copies.get(key);
    if (known !== undefined) return known;
    if (!existsSync(file)) return null;
    // The build empties the directory first, so a copy is never left over from another build.
    let copy: CompressedCopy | null = null;
    if (existsSync(key)) {
      const stats = statSync(key);
      copy = { bytes: readFileSync(key), etag: `"${encoding.name}-${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"` };
    }
    copies.set(key, copy);
    return copy;
  }

  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative);
    if (!file.startsWith(root + path.sep)) return next();

    // Ours, not the browser's, is the order among accepted encodings: Brotli's files are smaller.
    for (const encoding of ENCODINGS) {
      if (req.acceptsEncodings(encoding.name) !== encoding.name) continue;
      const copy = copyOf(file, encoding);
      if (!copy) continue;
      res.vary("Accept-Encoding");
      res.type(path.extname(file));
      res.setHeader("Content-Encoding", encoding.name);
      res.setHeader("Cache-Control", `public, max-age=${maxAgeSeconds}, immutable`);
      res.setHeader("ETag", copy.etag);
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.setHeader("Content-Length", copy.bytes.length);
      res.status(200).end(req.method === "HEAD" ? undefined : copy.bytes);
      return;
    }
    next();
  };
}

/**
 * Whether a request's path is one of the files served as they are: anything under `/build/`, or
 * a file of public/ (listed once: it changes only with a deployment). Such an address takes GET
 * and HEAD; another method is our 405 naming them (request-body.server.ts), not a 404.
 */
export function staticFileAddresses(publicDir: string): (pathname: string) => boolean {
  const files = new Set(
    readdirSync(publicDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`),
  );
  return (pathname) => pathname.startsWith("/build/") || files.has(pathname);
}
