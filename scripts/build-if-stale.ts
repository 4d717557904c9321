import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Builds the app when the build is missing or older than its sources (`npm start`,
 * `npm run test:hard`). Returns the build's exit status: 0 when the build is fresh.
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const serverBuild = path.join(root, "build/index.js");

function newestSourceTime(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestSourceTime(path.join(entry, name))));
}

export function buildIfStale(): number {
  const sources = ["app", "server", "remix.config.js", "package.json"].map((name) => path.join(root, name));
  const builtAt = existsSync(serverBuild) ? statSync(serverBuild).mtimeMs : 0;
  if (builtAt > Math.max(...sources.map(newestSourceTime))) return 0;
  console.log(builtAt ? "Sources changed since the last build: building..." : "No build yet: building...");
  const remixCli = path.join(root, "node_modules/@remix-run/dev/dist/cli.js");
  const result = spawnSync(process.execPath, [remixCli, "build"], {
    cwd: root,
    stdio: "inherit",
    // The Remix compiler loads Vite's CJS API only to print a deprecation notice operators cannot act on.
    // Always a production build, also when a test runner (NODE_ENV=test) asks for it.
    env: { ...process.env, NODE_ENV: "production", VITE_CJS_IGNORE_WARNING: "true" },
  });
  return result.status ?? 1;
}
