import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "./build.ts";

/**
 * Builds the app when the build is missing or older than its sources (`npm start`,
 * `npm run test:e2e`, `npm run test:hard`). Returns the build's exit status: 0 when the build is
 * fresh. Run as a script, it exits with that status.
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const serverBuild = path.join(root, "build/server/index.js");

function newestSourceTime(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestSourceTime(path.join(entry, name))));
}

export function buildIfStale(): number {
  const sources = ["app", "server", "vite.config.ts", "package.json"].map((name) => path.join(root, name));
  const builtAt = existsSync(serverBuild) ? statSync(serverBuild).mtimeMs : 0;
  if (builtAt > Math.max(...sources.map(newestSourceTime))) return 0;
  console.log(builtAt ? "Sources changed since the last build: building..." : "No build yet: building...");
  return build();
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(buildIfStale());
