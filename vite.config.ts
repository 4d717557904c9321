import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import type { DefineRoutesFunction } from "@remix-run/dev/dist/config/routes";
import { tsImport } from "tsx/esm/api";
import { defineConfig, transformWithEsbuild, type InlineConfig, type Plugin, type UserConfig } from "vite";
import type { BrowserEntry } from "./app/public/browser-scripts.server.ts";

/**
 * The build (`npm run build`, which runs `scripts/build.ts`): Remix's Vite plugin writes the
 * server build to `build/server/index.js` (what `server/index.ts` loads) and the browser's files
 * to `build/client/`, which the process serves at `/build/`. `browserScriptsConfig` below is the
 * second build, of the public pages' own script.
 */

/** The same aliases as tsconfig.json's `paths` (and vitest.config.ts). */
export const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@server": fileURLToPath(new URL("./server", import.meta.url)),
};

/** Where the browser's files go, and the URL they are served at (`server/index.ts`). */
export const CLIENT_BUILD_DIR = fileURLToPath(new URL("./build/client", import.meta.url));
export const CLIENT_BUILD_URL = "/build/";

/** Settings both builds share. */
const shared = {
  base: CLIENT_BUILD_URL,
  resolve: { alias },
  build: {
    // Every asset a file of its own, as with the classic compiler: no `data:` URLs (which the
    // CSP's img-src would have to allow) inlined into scripts and styles.
    assetsInlineLimit: 0,
    // `public/` is served by the process at the site's root (server/index.ts), not from the build.
    copyPublicDir: false,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources put comments where Rollup cannot read them as annotations; nothing to act on.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
        warn(warning);
      },
    },
  },
} satisfies UserConfig;

/** The modules of the admin screens' routes: registered once per screen below, not by their file names. */
const ADMIN_SCREEN_MODULES = ["admin-screen.tsx", "admin-screen-upload.tsx"];

/**
 * The routes of the resources of the one list (app/resources/resources.ts), each `/admin/<id>`
 * (and `/admin/<id>.upload` for a form that shows its upload's progress) under the admin layout,
 * made by app/admin-kit/routes.ts. The list is TypeScript with the app's path aliases: tsx loads
 * it (the config itself is bundled by Vite, which leaves it to Node).
 */
async function adminScreenRoutes(defineRoutes: DefineRoutesFunction) {
  const { RESOURCE_SECTIONS } = (await tsImport("./app/resources/resources.ts", import.meta.url)) as typeof import("./app/resources/resources.ts");
  const { adminScreenRoutes: screenRoutes } = (await tsImport("./app/admin-kit/routes.ts", import.meta.url)) as typeof import("./app/admin-kit/routes.ts");
  const routes = defineRoutes((route) => {
    for (const { path, file, id } of screenRoutes(RESOURCE_SECTIONS)) route(path, file, { id });
  });
  for (const route of Object.values(routes)) route.parentId = "routes/admin";
  return routes;
}

export default defineConfig(({ isSsrBuild }) => ({
  ...shared,
  build: {
    ...shared.build,
    rollupOptions: {
      ...shared.build.rollupOptions,
      // The server build stays one file, `build/server/index.js`, though the browser's code imports
      // some modules on demand: code bundled into it finds the files written beside it (the public
      // pages' script manifest, the build's version) by `import.meta.url`, which a chunk in
      // `build/server/assets/` would move.
      output: isSsrBuild ? { inlineDynamicImports: true } : {},
    },
    // The browser's files through terser, two passes: 5 % fewer gzipped bytes than esbuild's
    // minifier, which keeps the admin screens' first load under its budget (docs/performance.md).
    ...(isSsrBuild ? {} : { minify: "terser", terserOptions: { module: true, compress: { passes: 2 } } }),
  },
  // react-splide's package exports send Node's `import` to its CommonJS file, whose names Node
  // cannot see: the server build bundles it (and Splide's CSS import with it) instead.
  ssr: { noExternal: [/^@splidejs\//] },
  plugins: [
    remix({
      ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", ...ADMIN_SCREEN_MODULES.map((module) => `**/${module}`)],
      routes: adminScreenRoutes,
      serverModuleFormat: "esm",
      buildDirectory: "build",
      serverBuildFile: "index.js",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
      },
    }),
  ],
}));

/** The scripts of the pages that are not hydrated, by name; what they import on demand becomes chunks of its own. */
export const BROWSER_ENTRIES = { public: "app/browser/public.ts", login: "app/browser/login.ts" } satisfies Record<BrowserEntry, string>;
/** Where those go inside the client build (and under `/build/`). */
export const BROWSER_SCRIPTS_DIR = "_browser";

/** Older than Remix's own client build: see `browserScriptsConfig`. */
const BROWSER_SCRIPTS_TARGET = "es2019";

/**
 * Library mode minifies ES output without removing whitespace and comments (it expects another
 * bundler to come after it); these files are served as they are, so they are minified whole.
 */
const minifyBrowserScripts: Plugin = {
  name: "minify-browser-scripts",
  apply: "build",
  renderChunk: {
    // After Vite's own pass, which prints the code out again with its whitespace.
    order: "post",
    async handler(code, chunk) {
      const { code: minified, map } = await transformWithEsbuild(code, chunk.fileName, { minify: true, target: BROWSER_SCRIPTS_TARGET, format: "esm" });
      return { code: minified, map };
    },
  },
};

/**
 * What Remix's plugin does for the app's client build, for this build too: a module named
 * `*.server` (or in a `.server/` folder) never reaches the browser; the build fails instead.
 */
const SERVER_ONLY_MODULE = /\.server(\.[cm]?[jt]sx?)?$|\/\.server\//;
const refuseServerModules: Plugin = {
  name: "refuse-server-modules",
  enforce: "pre",
  load(id) {
    if (SERVER_ONLY_MODULE.test(id.split("?")[0])) this.error(`Server-only module referenced by the public pages' script: ${id}`);
  },
};

/**
 * The second build: the scripts of the pages that are not hydrated (`app/browser/`), plain ES
 * modules with fingerprinted names in `build/client/_browser/`, beside (not instead of) the Remix
 * client build. Run by `scripts/build.ts` after the Remix build, which empties `build/client`.
 */
export const browserScriptsConfig: InlineConfig = {
  ...shared,
  configFile: false,
  // Not the project's root index.html or public/: only the entries below.
  publicDir: false,
  logLevel: "warn",
  plugins: [refuseServerModules, minifyBrowserScripts],
  // Library mode leaves this to the library's user; these scripts are the app's own.
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    ...shared.build,
    outDir: CLIENT_BUILD_DIR,
    emptyOutDir: false,
    assetsDir: BROWSER_SCRIPTS_DIR,
    // Older than Remix's own client build: optional chaining and `??` are compiled away, so an
    // old phone's browser that loads modules at all still gets the slider and the map.
    target: BROWSER_SCRIPTS_TARGET,
    // Library mode: plain `import()` for what loads on demand (Leaflet, Splide), without the
    // preload helper (0.3 KiB gzip) an app build puts before every entry.
    lib: { entry: BROWSER_ENTRIES, formats: ["es"] },
    rollupOptions: {
      ...shared.build.rollupOptions,
      output: {
        entryFileNames: `${BROWSER_SCRIPTS_DIR}/[name]-[hash].js`,
        chunkFileNames: `${BROWSER_SCRIPTS_DIR}/[name]-[hash].js`,
        assetFileNames: `${BROWSER_SCRIPTS_DIR}/[name]-[hash][extname]`,
      },
    },
  },
};
