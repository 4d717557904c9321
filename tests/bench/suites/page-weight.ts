import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import { BROWSER_SCRIPTS_MANIFEST_NAME, browserScriptOf } from "../../../app/public/browser-scripts.server.ts";
import type { HydrationHandle } from "../../../app/lib/hydration.ts";
import { PROJECT_ROOT } from "../../e2e/helpers/processes.ts";
import type { BenchRow, BenchSuite } from "../types.ts";
import { requireBuild } from "../support.ts";

/**
 * Issue 8, point 4: each page's initial JavaScript, gzipped, from the build's manifests. A
 * hydrated page's is the client entry and every route of the page's branch (root, layouts, the
 * page), each with the chunks it imports, counted once: exactly the page's `modulepreload` links.
 * A page whose branch opts out of hydration (`handle.hydrate === false`, read from the server
 * build: the public pages) loads only its own module and the chunks it imports
 * (`build/server/browser-scripts.json`). Leaflet and Quill must never be among them (they load later,
 * in chunks of their own). The public pages' React islands (issue 24) load as each nears the
 * viewport: what waking them costs is reported beside, without a target.
 */

/** The browser's files, served at `/build/` (vite.config.ts), and the server build. */
const CLIENT_BUILD_DIR = path.join(PROJECT_ROOT, "build/client");
const CLIENT_BUILD_URL = "/build/";
const SERVER_BUILD_DIR = path.join(PROJECT_ROOT, "build/server");
/** Issue 24: the home page's JS before the visitor scrolls (its islands load as they near). */
const HOME_LIMIT_KIB = 15;
const ADMIN_LIMIT_KIB = 180;
/** Strings only these libraries' code contains. */
const HEAVY_LIBRARIES = [
  { name: "Leaflet", marker: "leafletjs.com" },
  { name: "Quill", marker: "ql-editor" },
];

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

async function readManifest(): Promise<Manifest> {
  const buildDir = path.join(CLIENT_BUILD_DIR, "assets");
  const file = (await readdir(buildDir)).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("no manifest in build/client/assets: run `npm run build` first");
  const source = await readFile(path.join(buildDir, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

/** The route ids from root down to `id`. */
function branch(manifest: Manifest, id: string): ManifestRoute[] {
  const routes: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    routes.unshift(route);
  }
  return routes;
}

function listed(names: Set<string>): string {
  return names.size ? ` (${[...names].join(", ")})` : "";
}

/** The ids of the routes whose pages are not hydrated, as the server build declares them. */
async function unhydratedRouteIds(): Promise<Set<string>> {
  const build = (await import(pathToFileURL(path.join(SERVER_BUILD_DIR, "index.js")).href)) as ServerBuild;
  return new Set(
    Object.values(build.routes)
      .filter((route) => (route.module.handle as HydrationHandle | undefined)?.hydrate === false)
      .map((route) => route.id),
  );
}

const suite: BenchSuite = {
  name: "page-weight",
  async run() {
    await requireBuild();
    const manifest = await readManifest();
    const unhydrated = await unhydratedRouteIds();
    const manifestFile = path.join(SERVER_BUILD_DIR, BROWSER_SCRIPTS_MANIFEST_NAME);
    const publicScript = browserScriptOf("public", manifestFile);
    const loginScript = browserScriptOf("login", manifestFile);
    if (!publicScript || !loginScript) throw new Error("no public or login script in build/server/browser-scripts.json: run `npm run build` first");
    const files = new Map<string, { gzipBytes: number; heavy: string[] }>();
    const measure = async (url: string) => {
      if (!files.has(url)) {
        const bytes = await readFile(path.join(CLIENT_BUILD_DIR, url.slice(CLIENT_BUILD_URL.length)));
        const text = bytes.toString("utf8");
        files.set(url, { gzipBytes: gzipSync(bytes).length, heavy: HEAVY_LIBRARIES.filter((library) => text.includes(library.marker)).map((library) => library.name) });
      }
      return files.get(url)!;
    };

    // Pages: the leaves under the public layout and the admin layout, and the login page (not resource routes such as `*.csv`).
    const pages = Object.values(manifest.routes).filter(
      (route) => (route.parentId === "routes/_public" || route.parentId === "routes/admin" || route.id === "routes/login") && !/\[\.\]/.test(route.id),
    );
    const rows: BenchRow[] = [];
    let worstAdmin = 0;
    const heavyInPublic = new Set<string>();
    const heavyInAdmin = new Set<string>();
    for (const page of pages.sort((a, b) => a.id.localeCompare(b.id))) {
      const routes = branch(manifest, page.id);
      const urls = new Set<string>();
      if (routes.some((route) => unhydrated.has(route.id))) {
        const script = page.id === "routes/login" ? loginScript : publicScript;
        for (const file of script.files) urls.add(`${CLIENT_BUILD_URL}${file}`);
      } else {
        for (const url of [manifest.entry.module, ...manifest.entry.imports]) urls.add(url);
        for (const route of routes) for (const url of [route.module, ...(route.imports ?? [])]) urls.add(url);
      }
      let gzipBytes = 0;
      const heavy = new Set<string>();
      for (const url of urls) {
        const file = await measure(url);
        gzipBytes += file.gzipBytes;
        for (const name of file.heavy) heavy.add(name);
      }
      const kib = gzipBytes / 1024;
      const name = page.id.replace(/^routes\//, "");
      const isAdmin = page.parentId === "routes/admin";
      const isHome = page.id === "routes/_public._index";
      if (isAdmin) worstAdmin = Math.max(worstAdmin, kib);
      const limit = isHome ? HOME_LIMIT_KIB : isAdmin ? ADMIN_LIMIT_KIB : undefined;
      rows.push({
        bench: "page weight",
        metric: `${name} initial JS (gzip)`,
        value: kib,
        unit: "KiB",
        ...(limit ? { target: `<= ${limit}`, met: kib <= limit } : {}),
      });
      for (const library of heavy) (isAdmin ? heavyInAdmin : heavyInPublic).add(library);
    }
    // What waking the islands costs: the loader with React once, then each island's own code.
    const gzipKiB = async (chunkFiles: Iterable<string>) => {
      let bytes = 0;
      for (const file of chunkFiles) bytes += (await measure(`${CLIENT_BUILD_URL}${file}`)).gzipBytes;
      return bytes / 1024;
    };
    const runtime = new Set(publicScript.onDemand.islands ?? []);
    if (!runtime.size) throw new Error("no islands chunk in build/server/browser-scripts.json");
    const islandOwn = (...names: string[]) => new Set(names.flatMap((name) => publicScript.onDemand[name] ?? []).filter((file) => !runtime.has(file)));
    rows.push(
      { bench: "page weight", metric: "islands: the loader and React, once the first island nears (gzip)", value: await gzipKiB(runtime), unit: "KiB" },
      { bench: "page weight", metric: "islands: the carousel (react-splide, Splide) (gzip)", value: await gzipKiB(islandOwn("ActivitiesCarousel")), unit: "KiB" },
      { bench: "page weight", metric: "islands: the map (react-leaflet, Leaflet) (gzip)", value: await gzipKiB(islandOwn("OfficeMap", "LeafletMap.client")), unit: "KiB" },
    );
    rows.push(
      { bench: "page weight", metric: "heaviest admin page initial JS (gzip)", value: worstAdmin, unit: "KiB", target: `<= ${ADMIN_LIMIT_KIB}`, met: worstAdmin <= ADMIN_LIMIT_KIB },
      { bench: "page weight", metric: `Leaflet/Quill in public pages' initial JS${listed(heavyInPublic)}`, value: heavyInPublic.size, unit: "libraries", target: "= 0", met: heavyInPublic.size === 0 },
      { bench: "page weight", metric: `Leaflet/Quill in admin pages' initial JS${listed(heavyInAdmin)}`, value: heavyInAdmin.size, unit: "libraries", target: "= 0", met: heavyInAdmin.size === 0 },
    );
    return rows;
  },
};

export default suite;
