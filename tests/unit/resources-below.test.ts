import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type { UpstreamClient, UpstreamRequest } from "~/platform/upstream.server";
import { SERVER_HALVES } from "~/resources/resources.server";

/**
 * Nothing below the resources names one: no text in the code of app/platform/ or app/admin-kit/
 * (comments aside) is a resource's name, a screen's id, or one of the upstream paths the
 * resources call. Each resource declares these in its own folder (app/resources/<name>/), and the
 * layers below take them from the declarations.
 */

const root = path.resolve(__dirname, "../..");
const BELOW = ["app/platform", "app/admin-kit"];

function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

/** Every string a file's code holds (literals and the fixed parts of templates), comments aside. */
function stringsIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const strings: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) strings.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return strings;
}

/** The paths a resource's server half calls: its reads, asked of a client that records them, and its writes as declared. */
async function upstreamPathsOf(adapter: (typeof SERVER_HALVES)[keyof typeof SERVER_HALVES]): Promise<string[]> {
  const called: string[] = [];
  const api: UpstreamClient = {
    call: async (_schema, request: UpstreamRequest) => {
      called.push(request.path);
      return [] as never;
    },
    fetch: async (request) => {
      called.push(request.path);
      return new Response(null, { status: 404 });
    },
  };
  await adapter.list(api, undefined).catch(() => {});
  await adapter.list(api, { page: 1, limit: 1 }).catch(() => {});
  await adapter.read?.(api, "1").catch(() => {});
  // A record as the kit hands it over: read by the kit, not by the switch.
  await adapter.toggle?.(api, { id: "1" } as never, true).catch(() => {});
  for (const write of [adapter.create, adapter.update]) {
    if (write && "path" in write) called.push(typeof write.path === "function" ? write.path("1") : write.path);
  }
  if (adapter.removePath) called.push(adapter.removePath("1"));
  return called;
}

/** The first segment of an upstream path: `/books/all` → `/books`. */
const rootOf = (upstreamPath: string) => `/${upstreamPath.split("/")[1]}`;

describe("nothing below the resources names one", async () => {
  const adapters = Object.values(SERVER_HALVES);
  const names: string[] = adapters.map((adapter) => adapter.resource.name);
  const screenIds = adapters.map((adapter) => adapter.definition.id);
  const upstreamRoots = [...new Set((await Promise.all(adapters.map(upstreamPathsOf))).flat().map(rootOf))];

  it("knows what to look for: every resource's name, screen id and upstream paths", () => {
    expect(names).toHaveLength(15);
    expect(names).toContain("mission-visions");
    expect(screenIds).toContain("slider-manager");
    expect(upstreamRoots).toEqual(expect.arrayContaining(["/books", "/authors", "/mission-vision", "/bibliographies", "/company", "/videos"]));
  });

  it("finds strings in code, and none in comments", () => {
    const sample = stringsIn("app/admin-kit/routes.ts");
    expect(sample).toContain("routes/admin-screen.tsx");
    expect(sample).toContain("routes/admin.");
    expect(sample).toContain("[.]upload");
    expect(sample.join(" ")).not.toContain("vite.config.ts registers");
  });

  for (const folder of BELOW) {
    it(`${folder}/ names no resource, screen or upstream path of one`, () => {
      const found = sourcesUnder(folder).flatMap((file) =>
        stringsIn(file)
          .filter((text) => names.includes(text) || screenIds.includes(text) || upstreamRoots.some((root) => text === root || text.startsWith(`${root}/`) || text.startsWith(`${root}?`)))
          .map((text) => `${file}: "${text}"`),
      );
      expect(found).toEqual([]);
    });
  }
});
