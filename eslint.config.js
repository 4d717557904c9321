// ESLint (flat config). `npm run lint` runs it with --max-warnings=0, first in `npm test`.
//
// - ESLint's and typescript-eslint's `recommended`, not type-aware: the type-aware set took about
//   four times as long here (31 s against 8 s, 1.4 GB) and `tsc` runs right after in `npm test`
// - react-hooks: rules-of-hooks and exhaustive-deps, in app/ and tests/
// - jsx-a11y `recommended` on app/**/*.tsx
// - the layers of docs/architecture.md ("Layers and folders"): eslint-plugin-import-x's
//   no-restricted-paths zones, in eslint.layers.js
// - small rooms: no source file over 350 lines (`max-lines`; tests aside)
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import { layers } from "./eslint.layers.js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "reference-api/**/*.ts", "scripts/**/*.ts"],
    rules: { "max-lines": ["error", { max: 350, skipBlankLines: false, skipComments: false }] },
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
    // Playwright's fixtures (tests/e2e/fixtures.ts): `use` is the fixture's callback, not a React
    // hook, and a fixture that needs no other fixture destructures `{}`, as Playwright requires.
    files: ["tests/e2e/fixtures.ts"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
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
  layers,
);
