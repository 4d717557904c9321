import type { RequestHandler } from "express";
import { HttpError } from "./errors.ts";
import { STORED_NAME_PATTERN, type Storage, type StorageArea } from "./storage.ts";

/**
 * Serves `/files/{name}` and `/covers/{name}` from the data directory. A name must be a single
 * path segment made of the characters this API itself uses: `..`, slashes (raw or encoded),
 * backslashes and NUL are refused with 400 before the file system is touched. Content-Type comes
 * from the extension (which this API chose from the file's content), with nosniff; ETag,
 * Last-Modified, conditional requests and ranges are handled by Express's sendFile. With
 * `ranges: false` (the spec shape: the spec promises no ranges) `Range` is ignored and every
 * answer is the whole file, so that the site's own range cutting is tested as well as its relay.
 */
export function storedFileRoutes(storage: Storage, area: StorageArea, { ranges = true }: { ranges?: boolean } = {}): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      res.status(405).json({ error: "Metode tidak diizinkan" });
      return;
    }
    const raw = req.url.split("?")[0].replace(/^\//, "");
    if (raw === "") throw new HttpError(404, "Berkas tidak ditemukan");
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      throw new HttpError(400, "Nama berkas tidak valid");
    }
    if (raw.includes("/") || /[/\\\0]|\.\./.test(name) || !STORED_NAME_PATTERN.test(name)) {
      throw new HttpError(400, "Nama berkas tidak valid");
    }
    res.sendFile(
      name,
      {
        root: storage.dir(area),
        dotfiles: "deny",
        acceptRanges: ranges,
        maxAge: "1h",
        headers: { "X-Content-Type-Options": "nosniff" },
      },
      (error?: Error & { status?: number; statusCode?: number }) => {
        if (!error || res.headersSent) return;
        if (error.status === 404 || error.statusCode === 404) {
          res.status(404).json({ error: "Berkas tidak ditemukan" });
          return;
        }
        // A range past the end: send set `Content-Range: bytes */<length>` and leaves the answer to us.
        if (error.status === 416) {
          res.status(416).json({ error: "Rentang berkas tidak dapat dipenuhi" });
          return;
        }
        next(error);
      },
    );
  };
}
