import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Rollup } from "vite";
import { BROWSER_SCRIPTS_MANIFEST_NAME, type BrowserScript } from "../app/public/browser-scripts.server.ts";
import { BUILD_VERSION_FILE, currentBuildVersion } from "../server/build-version.server.ts";

/**
 * `npm run build`: Remix's Vite plugin builds the app (`remix vite:build`, config in
 * vite.config.ts: `build/server/index.js` and `build/client/`), then Vite builds the scripts of
 * the pages that are not hydrated (`app/browser/`, `browserScriptsConfig`), then every client
 * file is compressed once, at the highest levels, next to each file (`.gz`, `.br`). The server
 * sends those as they are (`server/build-assets.server.ts`) instead of compressing every script
 * and stylesheet again for every first-time visitor (about 20 ms of CPU per first view of the
 * home page).
 */

const root = fileURLToPath(new URL("..", import.meta.url));
/** The server build's folder: the app reads the public script's manifest beside `index.js`. */
const SERVER_BUILD_DIR = path.join(root, "build/server");
/** The browser's files (vite.config.ts's `CLIENT_BUILD_DIR`). */
const CLIENT_BUILD_DIR = path.join(root, "build/client");

/** Text formats; images and fonts in the build are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|svg|json|map|txt)$/;

function filesIn(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesIn(file) : [file];
  });
}

/** Writes `file.gz` and `file.br` beside every compressible file, each only when it is smaller. */
export function compressClientBuild(dir = CLIENT_BUILD_DIR): void {
  for (const file of filesIn(dir).filter((name) => COMPRESSIBLE.test(name))) {
    const bytes = readFileSync(file);
    const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip);
    if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
  }
}

/**
 * Builds `app/browser/` with Vite (`browserScriptsConfig` in vite.config.ts) into
 * `build/client/_browser` (which the Remix build has just emptied), and writes which files each
 * entry loads at once beside the server build (`build/server/browser-scripts.json`).
 */
export async function buildBrowserScripts(): Promise<void> {
  // Loaded here, not at the top: Vite's CJS API (which Remix's plugin loads) warns once loaded.
  const { build: viteBuild } = await import("vite");
  const { BROWSER_ENTRIES, browserScriptsConfig, CLIENT_BUILD_URL } = await import("../vite.config.ts");
  const built = await viteBuild(browserScriptsConfig);
  // Library mode answers one output per format; there is one format (ES modules).
  const [output] = (Array.isArray(built) ? built : [built]) as Rollup.RollupOutput[];
  const chunks = new Map(output.output.filter((file): file is Rollup.OutputChunk => file.type === "chunk").map((chunk) => [chunk.fileName, chunk]));
  // The entry and what it imports statically (not `import()`): what the browser loads before it runs.
  const staticImports = (fileName: string): string[] => [fileName, ...(chunks.get(fileName)?.imports ?? []).flatMap(staticImports)];
  const manifest: Record<string, BrowserScript> = Object.fromEntries(
    Object.keys(BROWSER_ENTRIES).map((name) => {
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === name);
      if (!entry) throw new Error(`the browser scripts' build has no entry named ${name}`);
      const files = [...new Set(staticImports(entry.fileName))];
      const onDemand: Record<string, string[]> = {};
      const visit = (fileName: string) => {
        for (const lazy of chunks.get(fileName)?.dynamicImports ?? []) {
          const chunk = chunks.get(lazy);
          if (!chunk || chunk.name in onDemand) continue;
          onDemand[chunk.name] = [...new Set(staticImports(lazy))];
          for (const file of onDemand[chunk.name]) visit(file);
        }
      };
      for (const file of files) visit(file);
      return [name, { src: `${CLIENT_BUILD_URL}${files[0]}`, files, onDemand }];
    }),
  );
  writeFileSync(path.join(SERVER_BUILD_DIR, BROWSER_SCRIPTS_MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The whole build, in this process (which must be in production mode); returns the exit status. */
async function buildHere(): Promise<number> {
  const remixCli = path.join(root, "node_modules/@remix-run/dev/dist/cli.js");
  const remix = spawnSync(process.execPath, [remixCli, "vite:build"], { cwd: root, stdio: "inherit" });
  if (remix.status !== 0) return remix.status ?? 1;
  const serverChunks = filesIn(SERVER_BUILD_DIR).filter((file) => file.endsWith(".js") && file !== path.join(SERVER_BUILD_DIR, "index.js"));
  if (serverChunks.length > 0) {
    // The app finds the files beside `index.js` by its own URL; code in a chunk would look elsewhere (vite.config.ts).
    console.error(`The server build must be one file, build/server/index.js; it also wrote ${serverChunks.map((file) => path.relative(root, file)).join(", ")}.`);
    return 1;
  }
  try {
    await buildBrowserScripts();
  } catch (error) {
    console.error(error);
    return 1;
  }
  compressClientBuild();
  writeFileSync(path.join(SERVER_BUILD_DIR, BUILD_VERSION_FILE), `${JSON.stringify(currentBuildVersion(root), null, 2)}\n`);
  return 0;
}

/**
 * Builds the app (always in production mode, also when a test runner with NODE_ENV=test asks)
 * in a process of its own, and compresses its client files; returns the exit status.
 */
export function build(): number {
  const result = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  return result.status ?? 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.NODE_ENV = "production";
  // Remix's CLI loads Vite's CJS API only to print a deprecation notice operators cannot act on.
  process.env.VITE_CJS_IGNORE_WARNING = "true";
  process.exit(await buildHere());
}
