// ESLint (flat config). `npm run lint` runs it with --max-warnings=0, first in `npm test`.
//
// - ESLint's and typescript-eslint's `recommended`, not type-aware: the type-aware set took about
//   four times as long here (31 s against 8 s, 1.4 GB) and `tsc` runs right after in `npm test`
// - react-hooks: rules-of-hooks and exhaustive-deps, in app/ and tests/
// - jsx-a11y `recommended` on app/**/*.tsx
// - the folder table of docs/architecture.md ("Layers and folders"), as import rules: see BOUNDARIES
import { readdirSync } from "node:fs";
import { join } from "node:path";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Who may import what (the table in docs/architecture.md, "Layers and folders"). Each entry: the
// files it covers (`from`, a folder, all of it unless `files` says which or `only` names a file
// pattern inside it; a later entry overrides an earlier one for the same file), what they may import
// (`may`, said in the message), and what they may not: folders or modules (`not`, paths from the
// repository root), any `*.server` module of app/ (`serverModules`), and `@server/*` except for
// type-only imports (`typesOfServer`). `scripts/`, `tests/` and the root's files may import anything.
const APP_ENTRIES = ["app/root", "app/entry.server"]; // the root route and the server entry: route-level
const BROWSER_SAFE = ["app/admin-kit", "app/lib", "app/config", "app/forms"];
const TOOLING = ["scripts", "tests"];
const RESOURCES = readdirSync(join(import.meta.dirname, "app/resources"), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const ADAPTERS = RESOURCES.map((resource) => `app/resources/${resource}/adapter.server`);
const UI = ["app/routes", ...APP_ENTRIES, "app/components", "app/browser"];
const BOUNDARIES = [
  { from: "server", may: "nothing from app/ or reference-api/", not: ["app", "reference-api"] },
  {
    // The platform is the lowest layer of the app: it knows no resource, screen or page.
    from: "app/platform",
    may: "app/lib, app/config, app/forms and @server/*",
    not: ["app/admin-kit", "app/resources", "app/public", ...UI, "reference-api", ...TOOLING],
  },
  { from: "app/routes", may: "app/ and @server/*", not: ["reference-api", ...TOOLING] },
  { from: "app", files: ["app/*.ts", "app/*.tsx"], may: "app/ and @server/*", not: ["reference-api", ...TOOLING] },
  ...["app/components", "app/browser"].map((from) => ({
    from,
    may: "app/, but never a *.server module, @server/* or a route",
    not: [...UI.filter((target) => target !== from && target !== "app/components"), "app/platform", "app/admin-kit/server", "app/public", "server", "reference-api", ...TOOLING],
    serverModules: true,
  })),
  ...BROWSER_SAFE.map((from) => ({
    from,
    may: from === "app/admin-kit" ? "app/admin-kit, app/lib, app/config and app/forms only (and types from @server/*)" : "app/lib, app/config and app/forms only (and types from @server/*)",
    not: [
      ...(from === "app/admin-kit" ? ["app/admin-kit/server"] : ["app/admin-kit"]),
      "app/platform",
      "app/public",
      "app/resources",
      ...UI,
      "app/styles",
      "reference-api",
      ...TOOLING,
    ],
    serverModules: true,
    typesOfServer: true,
  })),
  {
    // The admin kit's server face: the screens' machinery, their registry, the pickers' sources.
    from: "app/admin-kit/server",
    may: "the platform, the browser-safe declarations and @server/* (the resources run on it, not it on them)",
    not: ["app/resources", "app/public", ...UI, "reference-api", ...TOOLING],
  },
  {
    // A resource's folder: its screen declaration and test cases are browser-safe declarations.
    from: "app/resources",
    may: "app/admin-kit, app/lib, app/config, app/forms and app/resources only (and types from @server/*)",
    not: ["app/platform", "app/admin-kit/server", "app/public", ...UI, "app/styles", "reference-api", ...TOOLING],
    serverModules: true,
    typesOfServer: true,
  },
  {
    // Its screen's adapter (the screen's server half), the book form's pickers, and the lists of
    // every resource's screen (the registry, the uploads' screens) run on the admin kit's server face.
    from: "app/resources",
    only: "*.server.ts",
    may: "the platform, the admin kit, the resources and @server/*",
    not: ["app/public", ...UI, "reference-api", ...TOOLING],
  },
  // A resource's upstream shape and reads (`<name>/<name>.server.ts`): the platform only, so that
  // the public site may read them.
  ...RESOURCES.map((resource) => ({
    from: `app/resources/${resource}`,
    files: [`app/resources/${resource}/${resource}.server.ts`],
    may: "the platform, the browser-safe declarations and @server/*",
    not: ["app/admin-kit/server", ...ADAPTERS, "app/public", ...UI, "reference-api", ...TOOLING],
  })),
  {
    // The public site reads the resources, never the admin kit (the screens' machinery and adapters).
    from: "app/public",
    may: "the resources' reads (app/resources/<name>/<name>.server.ts), the platform, app/lib and app/config, and @server/*",
    not: ["app/admin-kit", ...ADAPTERS, ...UI, "reference-api", ...TOOLING],
  },
  { from: "reference-api", may: "only itself and npm packages", not: ["app", "server", ...TOOLING] },
];

// Deepest folder below a BOUNDARIES entry that is covered (app/admin-kit/server/screen/ is 2 today).
const MAX_DEPTH = 6;

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const AFTER = "([./]|$)"; // `routes` matches `routes/x` and `root` matches `root.tsx`, but not `rootish`

/**
 * Regular expressions for every ordinary way a file `depth` folders below `from` names `target`
 * (a path from the repository root): `~/…` for app/, `@server/…` for server/, and `../…` climbing
 * from the file's folder to any common ancestor and down again.
 */
function specifiersFor(target, from, depth) {
  const t = target.split("/");
  const dir = [...from.split("/"), ...Array(depth).fill("*")];
  const regexes = [];
  if (t[0] === "app") regexes.push(t.length === 1 ? "^~/" : `^~/${escape(t.slice(1).join("/"))}${AFTER}`);
  if (t[0] === "server") regexes.push(t.length === 1 ? "^@server/" : `^@server/${escape(t.slice(1).join("/"))}${AFTER}`);
  for (let up = 1; up <= dir.length; up++) {
    const base = dir.slice(0, dir.length - up);
    if (base.length >= t.length || !base.every((part, i) => part === t[i])) continue;
    regexes.push(`^(\\.\\./){${up}}${escape(t.slice(base.length).join("/"))}${AFTER}`);
  }
  return regexes;
}

function boundaryRules({ from, files, only, may, not, serverModules, typesOfServer }, depth) {
  const who = files ? files.join(", ") : `${from}/${only ? `**/${only}` : ""}`;
  const message = (what) => `${who} may not import ${what}: it may import ${may} (docs/architecture.md, "Layers and folders").`;
  const patterns = not.map((target) => ({
    regex: specifiersFor(target, from, depth).join("|"),
    caseSensitive: true,
    message: message(APP_ENTRIES.includes(target) ? `${target}.tsx` : `${target}/`),
  }));
  if (typesOfServer) {
    patterns.push({ regex: "^@server/", caseSensitive: true, allowTypeImports: true, message: message("@server/* (but `import type` may)") });
  }
  if (serverModules) {
    patterns.push({ regex: "^(~/|\\.).*\\.server(\\.[jt]sx?)?$", caseSensitive: true, message: message("a *.server module") });
  }
  return { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] };
}

const boundaries = BOUNDARIES.flatMap((entry) =>
  entry.files
    ? [{ name: `boundaries/${entry.from}`, files: entry.files, rules: boundaryRules(entry, 0) }]
    : [
        ...Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
          name: `boundaries/${entry.from}/${depth}`,
          files: [`${entry.from}/${"*/".repeat(depth)}${entry.only ?? "*.{ts,tsx,js}"}`],
          rules: boundaryRules(entry, depth),
        })),
        {
          name: `boundaries/${entry.from}/too-deep`,
          files: [`${entry.from}/${"*/".repeat(MAX_DEPTH + 1)}**`],
          rules: {
            "no-restricted-syntax": ["error", { selector: "Program", message: "Deeper than the import rules reach: raise MAX_DEPTH in eslint.config.js." }],
          },
        },
      ],
);

export default defineConfig(
  {
    ignores: [
      "build/", "public/build/", "data/", ".cache/", "node_modules/", "tests/e2e/screenshots/",
      // Vite and vitest bundle their config into `<name>.timestamp-<n>.mjs` beside it and delete it
      // again: a build or test running beside lint (npm test) must not make lint read a vanishing file.
      "**/*.timestamp-*.mjs",
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_name`: a parameter a signature needs but the body does not (Express's four-argument
      // error handlers); `{ id: _id, ...rest }`: the properties left out of `rest`.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ["app/**/*.tsx"],
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // The admin table restates `cell` on its <td>s: laid out as cards on phones, a table loses its
      // semantics in some browsers. `cell` is a <td>'s own role (jsx-a11y issue #999).
      "jsx-a11y/no-interactive-element-to-noninteractive-role": ["error", { tr: ["none", "presentation"], canvas: ["img"], td: ["cell"] }],
    },
  },
  ...boundaries,
);
