import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { buildSync as esbuild } from "esbuild";
import { BROWSER_SCRIPTS_MANIFEST_NAME, type BrowserScript } from "../app/bff/browser-scripts.server.ts";

/**
 * `npm run build`: the Remix build, then the scripts of the pages that are not hydrated
 * (`app/browser/`), then every client file compressed once, at the highest levels, next to each
 * file (`.gz`, `.br`). The server sends those as they are
 * (`server/build-assets.server.ts`) instead of compressing every script and stylesheet again
 * for every first-time visitor (about 20 ms of CPU per first view of the home page).
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const CLIENT_BUILD_DIR = path.join(root, "public/build");
const BROWSER_SCRIPTS_DIR = path.join(CLIENT_BUILD_DIR, "_browser");
/** The pages' own scripts, by name; what they import on demand becomes chunks of its own. */
const BROWSER_ENTRIES = { public: "app/browser/public.ts" };

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
 * Bundles `app/browser/` as ES modules with fingerprinted names into `public/build/_browser`
 * (which `remix build` has just emptied), and writes which files each entry loads at once.
 */
export function buildBrowserScripts(): void {
  const result = esbuild({
    absWorkingDir: root,
    entryPoints: BROWSER_ENTRIES,
    outdir: BROWSER_SCRIPTS_DIR,
    bundle: true,
    splitting: true,
    format: "esm",
    // Older than Remix's own client build (esnext): optional chaining and `??` are compiled away,
    // so an old phone's browser that loads modules at all still gets the slider and the map.
    target: "es2019",
    minify: true,
    // Modules imported on demand are named after their source (`leaflet-map-…`).
    entryNames: "[name]-[hash]",
    metafile: true,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  const outputs = result.metafile.outputs;
  const toBuildPath = (output: string) => path.relative(CLIENT_BUILD_DIR, path.join(root, output));
  const staticImports = (output: string): string[] => [
    output,
    ...(outputs[output]?.imports ?? []).filter((imported) => imported.kind === "import-statement").flatMap((imported) => staticImports(imported.path)),
  ];
  const manifest: Record<string, BrowserScript> = Object.fromEntries(
    Object.entries(BROWSER_ENTRIES).map(([name, source]) => {
      const output = Object.keys(outputs).find((file) => outputs[file].entryPoint === source)!;
      const files = [...new Set(staticImports(output))].map(toBuildPath);
      return [name, { src: `/build/${files[0]}`, files }];
    }),
  );
  writeFileSync(path.join(root, "build", BROWSER_SCRIPTS_MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Builds the app (always in production mode) and compresses its client files; returns the exit status. */
export function build(): number {
  const remixCli = path.join(root, "node_modules/@remix-run/dev/dist/cli.js");
  const result = spawnSync(process.execPath, [remixCli, "build"], {
    cwd: root,
    stdio: "inherit",
    // The Remix compiler loads Vite's CJS API only to print a deprecation notice operators cannot act on.
    // Always a production build, also when a test runner (NODE_ENV=test) asks for it.
    env: { ...process.env, NODE_ENV: "production", VITE_CJS_IGNORE_WARNING: "true" },
  });
  if (result.status !== 0) return result.status ?? 1;
  try {
    buildBrowserScripts();
  } catch (error) {
    // esbuild prints its own errors before it throws; anything else would go unexplained.
    if (!(error instanceof Error && "errors" in error)) console.error(error);
    return 1;
  }
  compressClientBuild();
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(build());
