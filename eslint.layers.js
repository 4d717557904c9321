// The layers of docs/architecture.md ("Layers and folders") as eslint-plugin-import-x's
// `no-restricted-paths` zones: each zone names the files it holds (`target`) and what they may not
// import (`from`), the imports resolved as TypeScript resolves them (`~/`, `@server/`, relative).
// tests/unit/layers.test.ts plants a forbidden import in each layer and checks that lint refuses it.
import { join } from "node:path";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

/** From the bottom up: each layer may import those below it (and npm packages), never those above. */
const HELPERS = ["./app/lib", "./app/config", "./app/forms"];
const PLATFORM = "./app/platform";
/** The admin kit's browser face (declarations both sides read) and its server face (the machinery). */
const KIT = "./app/admin-kit/*.ts";
const KIT_SERVER = "./app/admin-kit/server";
/** The resources: the one list and each folder's browser-safe half, then the server halves. */
const DECLARATIONS = ["./app/resources/!(*.server).ts", "./app/resources/*/!(*.server).ts"];
const RESOURCE_SERVER = "./app/resources/**/*.server.ts";
/** The public site's server modules. */
const PUBLIC = "./app/public";
/** What a visitor's pages are made of, and what the back-office's are. */
const PUBLIC_ROUTES = ["./app/routes/_public*", "./app/routes/{activity.feed,sitemap,robots,app-qr}*"];
const PUBLIC_UI = ["./app/components/public", "./app/browser", ...PUBLIC_ROUTES];
const ADMIN_ROUTES = "./app/routes/admin*";
const ADMIN_UI = ["./app/components/admin", ADMIN_ROUTES];
const ENTRIES = ["./app/root.tsx", "./app/entry.server.tsx"]; // the root route and the server entry: route-level
const ROUTES = ["./app/routes", ...ENTRIES];
const UI = [...ROUTES, "./app/components", "./app/browser"];
const TOOLING = ["./scripts", "./tests"];
/** Any server module of the app: never in what the browser loads. */
const SERVER_MODULES = "./app/**/*.server.{ts,tsx}";

const see = 'docs/architecture.md, "Layers and folders"';
const isGlob = (path) => /[*?{}[\]!(]/.test(path);
/**
 * A zone, with the rule said in its message: two zones when `from` mixes folders with glob
 * patterns, which one zone may not.
 */
const zone = (target, from, may, except) => {
  const paths = [from].flat();
  return [paths.filter((path) => !isGlob(path)), paths.filter(isGlob)]
    .filter((list) => list.length > 0)
    .map((list) => ({ target, from: list, ...(except && !isGlob(list[0]) ? { except } : {}), message: `it may import ${may} (${see}).` }));
};

const zones = [
  zone("./server", ["./app", "./reference-api"], "nothing from app/ or reference-api/"),
  ...HELPERS.map((target) =>
    zone(target, ["./app/admin-kit", PLATFORM, PUBLIC, "./app/resources", ...UI, "./app/styles", "./server", "./reference-api", ...TOOLING], "app/lib, app/config and app/forms only"),
  ),
  zone(PLATFORM, ["./app/admin-kit", "./app/resources", PUBLIC, ...UI, "./reference-api", ...TOOLING], "app/lib, app/config, app/forms and @server/*: the platform knows no resource, screen or page"),
  zone(KIT, [KIT_SERVER, PLATFORM, PUBLIC, "./app/resources", ...UI, "./app/styles", "./reference-api", ...TOOLING], "app/admin-kit, app/lib, app/config and app/forms only"),
  zone(KIT, "./server", "only types from @server/* (an upload route's handle)", ["./upload-handle.server.ts"]),
  zone(KIT_SERVER, ["./app/resources", PUBLIC, ...UI, "./reference-api", ...TOOLING], "the platform, the admin kit and @server/*: the resources are built on it, not it on them"),
  ...DECLARATIONS.map((target) =>
    zone(target, [KIT_SERVER, PLATFORM, PUBLIC, ...UI, "./app/styles", "./server", "./reference-api", ...TOOLING], "the admin kit's browser face, app/lib, app/config, app/forms and the resources' browser-safe halves"),
  ),
  zone(RESOURCE_SERVER, [PUBLIC, ...UI, "./reference-api", ...TOOLING], "the platform, the admin kit, the resources and @server/*"),
  // The public site and the back-office stand side by side on the resources: neither imports the other.
  zone(PUBLIC, ["./app/admin-kit", ...UI, "./reference-api", ...TOOLING], "the resources, the platform, app/lib, app/config and @server/*, never the admin kit"),
  ...PUBLIC_UI.map((target) => zone(target, ["./app/admin-kit", ...ADMIN_UI], "the public site's modules and components, never the admin kit or its components")),
  ...ADMIN_UI.map((target) => zone(target, [PUBLIC, ...PUBLIC_UI], "the admin kit and its components, never the public site's modules or components")),
  zone("./app/components/*.tsx", ["./app/components/admin", "./app/components/public"], "what both sides share: no admin or public component"),
  // What the browser loads: never a server module.
  zone("./app/components", [...ROUTES, "./app/browser", PLATFORM, KIT_SERVER, PUBLIC, "./server", "./reference-api", ...TOOLING], "app/ but never a server module or a route"),
  zone("./app/browser", [...ROUTES, PLATFORM, KIT_SERVER, PUBLIC, "./server", "./reference-api", ...TOOLING], "app/ but never a server module or a route"),
  ...["./app/components/**", "./app/browser/**", KIT, "./app/lib/**", "./app/config/**", "./app/forms/**", ...DECLARATIONS].map((target) =>
    zone(target, SERVER_MODULES, "no *.server module: it is browser-safe"),
  ),
  zone(ROUTES, ["./reference-api", ...TOOLING], "app/ and @server/*"),
  zone("./reference-api", ["./app", "./server", ...TOOLING], "only itself and npm packages"),
].flat();

export const layers = {
  name: "layers",
  files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "reference-api/**/*.ts"],
  plugins: { "import-x": importX },
  settings: {
    "import-x/resolver-next": [createTypeScriptImportResolver({ project: join(import.meta.dirname, "tsconfig.json") })],
    // The imported files are TypeScript too: read with the same parser, so that a cycle through them is seen.
    "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
  },
  rules: {
    "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones }],
    // Imports between files run one way inside a layer too: no file imports one that imports it back.
    "import-x/no-cycle": ["error", { ignoreExternal: true }],
  },
};
