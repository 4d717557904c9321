// The layers of docs/architecture.md ("Layers and folders") as eslint-plugin-import-x's
// `no-restricted-paths` zones: each zone names the files it holds (`target`) and what they may not
// import (`from`), the imports resolved as TypeScript resolves them (`~/`, `@server/`, relative).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

const RESOURCES = readdirSync(join(import.meta.dirname, "app/resources"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const ENTRIES = ["./app/root.tsx", "./app/entry.server.tsx"]; // the root route and the server entry: route-level
const UI = ["./app/routes", ...ENTRIES, "./app/components", "./app/browser"];
const TOOLING = ["./scripts", "./tests"];
/** Any server module of the app: never in what the browser loads. */
const SERVER_MODULES = "./app/**/*.server.{ts,tsx}";
const ADAPTERS = "./app/resources/*/adapter.server.ts";

const see = 'docs/architecture.md, "Layers and folders"';
/** A zone, with the rule said in its message. */
const zone = (target, from, may, except) => ({ target, from, ...(except ? { except } : {}), message: `it may import ${may} (${see}).` });

const zones = [
  zone("./server", ["./app", "./reference-api"], "nothing from app/ or reference-api/"),
  zone(
    "./app/platform",
    ["./app/admin-kit", "./app/resources", "./app/public", ...UI, "./reference-api", ...TOOLING],
    "app/lib, app/config, app/forms and @server/*: the platform knows no resource, screen or page",
  ),
  zone(
    "./app/admin-kit/server",
    ["./app/resources", "./app/public", ...UI, "./reference-api", ...TOOLING],
    "the platform, the admin kit's declarations and @server/* (the resources run on it, not it on them)",
  ),
  // The admin kit's browser face, and the helpers every part reads: browser-safe declarations.
  zone(
    "./app/admin-kit/*.ts",
    ["./app/admin-kit/server", "./app/platform", "./app/public", "./app/resources", ...UI, "./app/styles", "./reference-api", ...TOOLING],
    "app/admin-kit, app/lib, app/config and app/forms only",
  ),
  zone("./app/admin-kit/*.ts", "./server", "only types from @server/* (an upload route's handle)", ["./upload-handle.server.ts"]),
  ...["./app/lib", "./app/config", "./app/forms"].map((target) =>
    zone(target, ["./app/admin-kit", "./app/platform", "./app/public", "./app/resources", ...UI, "./app/styles", "./server", "./reference-api", ...TOOLING], "app/lib, app/config and app/forms only"),
  ),
  // A resource's screen declaration and test cases: browser-safe.
  zone(
    "./app/resources/*/{screen,test-cases}.ts",
    ["./app/admin-kit/server", "./app/platform", "./app/public", ...UI, "./app/styles", "./server", "./reference-api", ...TOOLING],
    "app/admin-kit, app/lib, app/config, app/forms and app/resources only",
  ),
  // Its adapter, the book form's pickers, the lists of every resource's screen: on the admin kit's server face.
  zone("./app/resources/**/*.server.ts", ["./app/public", ...UI, "./reference-api", ...TOOLING], "the platform, the admin kit, the resources and @server/*"),
  // Its upstream shape and reads: the platform only, so that the public site may read them.
  ...RESOURCES.map((resource) =>
    zone(`./app/resources/${resource}/${resource}.server.ts`, ["./app/admin-kit/server", "./app/public", ...UI], "the platform, the browser-safe declarations and @server/*"),
  ),
  ...RESOURCES.map((resource) => zone(`./app/resources/${resource}/${resource}.server.ts`, ADAPTERS, "a resource's reads, never an adapter")),
  // The public site reads the resources, never the admin kit.
  zone("./app/public", ["./app/admin-kit", ...UI, "./reference-api", ...TOOLING], "the resources' reads, the platform, app/lib, app/config and @server/*"),
  zone("./app/public", ADAPTERS, "the resources' reads, never their adapters"),
  // What the browser loads: never a server module.
  zone("./app/components", ["./app/routes", ...ENTRIES, "./app/browser", "./app/platform", "./app/admin-kit/server", "./app/public", "./server", "./reference-api", ...TOOLING], "app/ but never a server module or a route"),
  zone("./app/browser", ["./app/routes", ...ENTRIES, "./app/platform", "./app/admin-kit/server", "./app/public", "./server", "./reference-api", ...TOOLING], "app/ but never a server module or a route"),
  ...["./app/components/**", "./app/browser/**", "./app/admin-kit/*.ts", "./app/lib/**", "./app/config/**", "./app/forms/**", "./app/resources/*/{screen,test-cases}.ts"].map((target) =>
    zone(target, SERVER_MODULES, "no *.server module: it is browser-safe"),
  ),
  zone(["./app/routes", ...ENTRIES], ["./reference-api", ...TOOLING], "app/ and @server/*"),
  zone("./reference-api", ["./app", "./server", ...TOOLING], "only itself and npm packages"),
];

export const layers = {
  name: "layers",
  files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "reference-api/**/*.ts"],
  plugins: { "import-x": importX },
  settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: join(import.meta.dirname, "tsconfig.json") })] },
  rules: { "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones }] },
};
