/**
 * What the end-to-end tests share, in one place (the hard suites and the benchmarks use it too, so
 * no test framework is loaded here; the end-to-end tests' fixtures are tests/e2e/fixtures.ts):
 * - `processes.ts`: the site and other processes started as operators start them, temporary
 *   folders, ports, and Chromium's launch;
 * - `reference-api.ts`: the demo accounts, the records the tests read, and reading the
 *   reference API directly;
 * - `text.ts`: HTML character references, the visible text of markup, dates in Asia/Jakarta;
 * - `browser.ts`: a visitor's page, keeping pages offline, waiting for a page's script
 *   (`waitForHydration` fails on a page that never hydrates), the keyboard focus, axe-core;
 * - `session.ts`: an admin session logged in over HTTP (the cookie a logged-in context starts with);
 * - `admin.ts`: the login form, a logged-in admin's browser, the back-office's alerts, dialogs and rows;
 * - `pickers.ts`: choosing in the book form's pickers, with JavaScript and without.
 */
export * from "./admin.ts";
export * from "./browser.ts";
export * from "./processes.ts";
export * from "./reference-api.ts";
export * from "./session.ts";
export * from "./pickers.ts";
export * from "./text.ts";
