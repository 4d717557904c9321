import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layers of docs/architecture.md, as lint holds them (eslint.layers.js): an import planted in
 * a file of each layer, of what that layer may not import, is refused by `npm run lint`; the
 * imports each layer may make pass. The planted files are linted as text under a path of the
 * layer (nothing is written), with the project's own configuration and import resolution.
 */

const root = path.resolve(__dirname, "../..");
const LAYER_RULE = "import-x/no-restricted-paths";
const CYCLE_RULE = "import-x/no-cycle";
/** The project's configuration, running only the rule a test judges: the others (the cycle rule walks every import) cost seconds a file. */
const linterOf = (rule: string) => new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === rule });
const layerLinter = linterOf(LAYER_RULE);
const cycleLinter = linterOf(CYCLE_RULE);

/** The layer rule's complaints about `code` as if it were the file at `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await layerLinter.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === LAYER_RULE).map((message) => message.message);
}

/** An import of one name of `module`, used so that no other rule complains. */
const importing = (module: string) => `import * as planted from "${module}";\nexport const used = planted;\n`;

// [the planted file, the module it imports]
const FORBIDDEN: Array<[string, string]> = [
  // The process knows nothing of the app.
  ["server/planted.ts", "~/platform/cache.server"],
  // The helpers every part reads stand on nothing of the app's.
  ["app/lib/planted.ts", "~/admin-kit/screen"],
  ["app/config/planted.ts", "~/platform/upstream.server"],
  // The platform knows no resource, screen or page.
  ["app/platform/planted.server.ts", "~/resources/books/books.server"],
  ["app/platform/planted.server.ts", "~/resources/books/books"],
  ["app/platform/planted.server.ts", "~/admin-kit/screen"],
  ["app/platform/planted.server.ts", "~/public/catalogue.server"],
  // The admin kit is below the resources; its browser face holds no server module.
  ["app/admin-kit/planted.ts", "~/resources/resources"],
  ["app/admin-kit/planted.ts", "~/platform/cache.server"],
  ["app/admin-kit/planted.ts", "~/admin-kit/server/registry.server"],
  ["app/admin-kit/server/planted.server.ts", "~/resources/resources"],
  ["app/admin-kit/server/planted.server.ts", "~/resources/books/books.server"],
  ["app/admin-kit/server/planted.server.ts", "~/public/catalogue.server"],
  // A resource's browser-safe half (and the one list) hold no server module.
  ["app/resources/books/planted.ts", "~/resources/books/books.server"],
  ["app/resources/books/planted.ts", "~/admin-kit/server/resource.server"],
  ["app/resources/books/planted.ts", "~/platform/upstream.server"],
  ["app/resources/planted.ts", "~/resources/resources.server"],
  // A resource's server half is below the public site and the routes.
  ["app/resources/books/planted.server.ts", "~/public/catalogue.server"],
  ["app/resources/books/planted.server.ts", "~/routes/admin-screen"],
  // The public site and the back-office stand side by side: neither imports the other.
  ["app/public/planted.server.ts", "~/admin-kit/screen"],
  ["app/public/planted.server.ts", "~/admin-kit/server/registry.server"],
  ["app/routes/_public.planted.tsx", "~/admin-kit/screen"],
  ["app/routes/_public.planted.tsx", "~/components/admin/DataTable"],
  ["app/routes/sitemap.planted.tsx", "~/admin-kit/menu"],
  ["app/components/public/Planted.tsx", "~/admin-kit/screen"],
  ["app/components/public/Planted.tsx", "~/components/admin/Alert"],
  ["app/browser/planted.ts", "~/admin-kit/pickers"],
  ["app/routes/admin.planted.tsx", "~/public/catalogue.server"],
  ["app/routes/admin.planted.tsx", "~/components/public/BookCard"],
  ["app/components/admin/Planted.tsx", "~/components/public/SiteHeader"],
  ["app/components/admin/Planted.tsx", "~/public/site-content.server"],
  // What both sides share takes from neither.
  ["app/components/Planted.tsx", "~/components/admin/Alert"],
  ["app/components/Planted.tsx", "~/components/public/BookCard"],
  // What the browser loads holds no server module and no route.
  ["app/components/admin/Planted.tsx", "~/platform/auth.server"],
  ["app/components/admin/Planted.tsx", "~/routes/admin"],
  // The reference API stands alone.
  ["reference-api/planted.ts", "~/lib/files"],
];

const ALLOWED: Array<[string, string]> = [
  ["app/platform/planted.server.ts", "~/lib/files"],
  ["app/admin-kit/planted.ts", "~/lib/standard-numbers"],
  ["app/admin-kit/server/planted.server.ts", "~/platform/cache.server"],
  ["app/resources/books/planted.ts", "~/admin-kit/screen"],
  ["app/resources/books/planted.server.ts", "~/admin-kit/server/resource.server"],
  ["app/resources/books/planted.server.ts", "~/resources/authors/authors"],
  ["app/public/planted.server.ts", "~/resources/books/books.server"],
  ["app/routes/_public.planted.tsx", "~/components/public/BookCard"],
  ["app/routes/_public.planted.tsx", "~/components/Icon"],
  ["app/routes/admin.planted.tsx", "~/components/admin/DataTable"],
  ["app/routes/admin.planted.tsx", "~/resources/resources.server"],
  ["app/components/admin/Planted.tsx", "~/admin-kit/screen"],
];

/** The import-cycle rule's complaints about `code` as if it were the file at `file`. */
async function cycleErrors(file: string, code: string): Promise<string[]> {
  const [result] = await cycleLinter.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === CYCLE_RULE).map((message) => message.message);
}

describe("lint holds the layers", () => {
  // A linter's first file loads the configuration, its plugins and the TypeScript resolver: under
  // 2 s on a quiet machine, past a test's 20 s beside `npm test`'s lint, typecheck and build.
  // That cost is paid here, with room, so that each test's own time measures only its file.
  beforeAll(async () => {
    await Promise.all([layerErrors("app/lib/warm.ts", importing("~/lib/files")), cycleErrors("app/lib/warm.ts", "")]);
  }, 180_000);

  it.each(FORBIDDEN)("refuses, in %s, an import of %s", async (file, module) => {
    expect(await layerErrors(file, importing(module))).not.toEqual([]);
  });

  it.each(ALLOWED)("lets %s import %s", async (file, module) => {
    expect(await layerErrors(file, importing(module))).toEqual([]);
  });

  it("refuses a circle of imports inside a layer: app/admin-kit/menu.ts importing resource.ts, which imports it", async () => {
    expect(await cycleErrors("app/admin-kit/menu.ts", importing("./resource"))).not.toEqual([]);
    expect(await cycleErrors("app/admin-kit/menu.ts", importing("~/lib/icons"))).toEqual([]);
  });
});
