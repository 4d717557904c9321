/**
 * What the end-to-end tests share, in one place (the hard suites use it too):
 * - `processes.ts`: the site and other processes started as operators start them, temporary
 *   folders, ports, and Chromium's launch;
 * - `reference-api.ts`: the demo accounts, the records the tests read, and reading the
 *   reference API directly;
 * - `stacks.ts`: the addresses of the stack the global setup started;
 * - `text.ts`: HTML character references, the visible text of markup, dates in Asia/Jakarta;
 * - `browser.ts`: one Chromium per test file, keeping pages offline, waiting for a page's script
 *   (`waitForHydration` fails on a page that never hydrates), the keyboard focus, axe-core;
 * - `session.ts`: an admin session logged in over HTTP (the cookie a logged-in context starts with);
 * - `admin.ts`: the login form, a logged-in admin's browser, the back-office's alerts, dialogs and rows;
 * - `pickers.ts`: choosing in the book form's pickers, with JavaScript and without.
 * `processes.ts`, `reference-api.ts`, `session.ts` and `text.ts` do not load vitest, so global setups and the
 * benchmarks import them directly; test files import this index.
 */
export * from "./admin.ts";
export * from "./browser.ts";
export * from "./processes.ts";
export * from "./reference-api.ts";
export * from "./session.ts";
export * from "./stacks.ts";
export * from "./pickers.ts";
export * from "./text.ts";
