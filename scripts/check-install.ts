import { createRequire } from "node:module";

/**
 * Runs after every `npm install` / `npm ci` (the root package's `postinstall`, which npm runs
 * whatever `allowScripts` says of dependencies): loads each native part the site needs and does
 * one small thing with it, so that a missing or foreign binary stops the install with a line
 * naming it instead of surfacing when the site first resizes a picture, opens its audit log or
 * builds. npm 12 runs no dependency install script that `allowScripts` does not allow; these
 * checks are what proves the binaries arrived anyway (as sharp's and better-sqlite3's prebuilt
 * packages do).
 */

const require = createRequire(import.meta.url);

type Check = { part: string; run: () => Promise<string> };

const checks: Check[] = [
  {
    part: "sharp (images)",
    async run() {
      const { default: sharp } = await import("sharp");
      await sharp({ create: { width: 2, height: 2, channels: 3, background: "#ffffff" } }).webp().toBuffer();
      return `sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`;
    },
  },
  {
    part: "better-sqlite3 (audit log, search, reference API)",
    async run() {
      // The lists' own search index (FTS5 with its tokenizer), on one document.
      const { PositionIndex } = await import("../app/platform/full-text.server.ts");
      const index = new PositionIndex(1, [["Perpustakaan Daerah"]]);
      try {
        if (!index.search("perpus")?.has(0)) throw new Error("FTS5 finds nothing");
      } finally {
        index.close();
      }
      return `better-sqlite3 ${require("better-sqlite3/package.json").version}`;
    },
  },
  {
    part: "esbuild (the build)",
    async run() {
      // The build's esbuild is Vite's own copy; absent in an install without devDependencies, which cannot build anyway.
      let vitePath: string;
      try {
        vitePath = require.resolve("vite");
      } catch {
        return "esbuild not checked (no devDependencies)";
      }
      const esbuild = createRequire(vitePath)("esbuild") as typeof import("esbuild");
      await esbuild.transform("const x: number = 1", { loader: "ts" });
      return `esbuild ${esbuild.version}`;
    },
  },
];

const failures: string[] = [];
const found: string[] = [];
for (const check of checks) {
  try {
    found.push(await check.run());
  } catch (error) {
    failures.push(`${check.part}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  }
}
if (failures.length > 0) {
  for (const failure of failures) console.error(`Install check failed: ${failure}`);
  console.error("The site cannot run on this install; see README (Set up).");
  process.exit(1);
}
console.log(`Install check: ${found.join("; ")}.`);
