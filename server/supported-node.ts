import { readFileSync } from "node:fs";
import semver from "semver";

/**
 * Stops the process at once, with one line, on a Node.js that `package.json`'s `engines` does not
 * admit. Imported first by every entry point (`npm start`, `npm test`, `npm run build`,
 * `server/index.ts`), before anything native loads: better-sqlite3 13 crashes Node 20 outright,
 * and 12 aborts Node 24.19+ on a garbage collection, neither with a message an operator can act on.
 */

const { engines } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { engines: { node: string } };

/** The one line an unsupported Node gets, or undefined when `version` (e.g. "v24.21.0") is supported. */
export function unsupportedNodeMessage(version: string, range: string = engines.node): string | undefined {
  if (semver.satisfies(version, range)) return undefined;
  return `Node.js ${version} is not supported: this site runs on Node.js 24 LTS (22.19 or later in 22 also works; package.json "engines": "${range}").`;
}

const message = unsupportedNodeMessage(process.version);
if (message) {
  console.error(message);
  process.exit(1);
}
