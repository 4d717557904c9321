import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { unsupportedNodeMessage } from "@server/supported-node";
import { capsYoungGeneration, turnsPretenuringOff } from "@server/young-collections.server";
import { npmScriptArgs, SITE_NODE_FLAGS } from "../e2e/helpers/processes";

/** What package.json promises of the runtime (issue 34): which Node.js, which install scripts. */

const packageJson = JSON.parse(readFileSync("package.json", "utf8")) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
};
const lockfile = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
};

/** "node_modules/a/node_modules/@b/c" -> "@b/c"; an allowScripts key "sharp@0.34.5" -> "sharp". */
const packageName = (lockPath: string): string => lockPath.slice(lockPath.lastIndexOf("node_modules/") + "node_modules/".length);
const keyName = (key: string): string => key.replace(/(?<=.)@.*$/, "");

/**
 * Every installed dependency whose install scripts npm 12 would run or block, by name: those the
 * lockfile marks, and those with a `binding.gyp` and no install script of their own, for which npm
 * assumes `node-gyp rebuild` (on a lockfile install it does so even when the package says
 * `gypfile: false`, as better-sqlite3 13 does: the lockfile does not keep that flag).
 */
const withInstallScripts = new Set(
  Object.entries(lockfile.packages)
    .filter(([lockPath, entry]) => lockPath !== "" && (entry.hasInstallScript || impliesNodeGyp(lockPath)))
    .map(([lockPath]) => packageName(lockPath)),
);

function impliesNodeGyp(lockPath: string): boolean {
  if (!existsSync(path.join(lockPath, "binding.gyp"))) return false;
  const { scripts = {} } = JSON.parse(readFileSync(path.join(lockPath, "package.json"), "utf8")) as { scripts?: Record<string, string> };
  return !scripts.install && !scripts.preinstall;
}

describe("install scripts (npm 12 runs only those allowScripts allows)", () => {
  it("every dependency with an install script is allowed or denied by name", () => {
    const decided = new Set(Object.keys(packageJson.allowScripts).map(keyName));
    const undecided = [...withInstallScripts].filter((name) => !decided.has(name));
    expect(undecided, "add each to allowScripts in package.json (true or false) and say why in docs/architecture.md").toEqual([]);
  });

  it("names no package that has no install script (a stale entry would hide a new one's review)", () => {
    const stale = Object.keys(packageJson.allowScripts).filter((key) => !withInstallScripts.has(keyName(key)));
    expect(stale).toEqual([]);
  });

  it("reads scoped and versioned names as npm does", () => {
    expect(packageName("node_modules/vite/node_modules/esbuild")).toBe("esbuild");
    expect(packageName("node_modules/@img/sharp-linux-x64")).toBe("@img/sharp-linux-x64");
    expect(keyName("sharp@0.34.5")).toBe("sharp");
    expect(keyName("@scope/pkg@1 || 2")).toBe("@scope/pkg");
    expect(keyName("@scope/pkg")).toBe("@scope/pkg");
  });
});

describe("supported Node.js (package.json engines)", () => {
  it("admits Node 24 LTS and later, and Node 22 from 22.19", () => {
    for (const version of ["v24.0.0", "v24.21.0", "v22.19.0", "v22.22.2", "v26.10.0"]) {
      expect(unsupportedNodeMessage(version), version).toBeUndefined();
    }
    expect(unsupportedNodeMessage(process.version)).toBeUndefined();
  });

  it("refuses Node 20 (end of life), 22 before 22.19 and the odd-numbered 23 in one line naming what it needs", () => {
    for (const version of ["v20.20.2", "v22.18.0", "v23.11.0", "v18.20.8"]) {
      const message = unsupportedNodeMessage(version);
      expect(message, version).toContain(`Node.js ${version} is not supported`);
      expect(message).toContain("Node.js 24 LTS");
      expect(message).not.toContain("\n");
    }
  });
});

describe("the site's V8 options", () => {
  it("are the same for npm start, the deployment guide's unit and the tests' site processes", () => {
    // The V8 options: what comes before the first module named (`--import tsx`, or the script itself).
    const flagsOf = (args: string[]) => args.slice(0, args.findIndex((arg) => arg === "--import" || arg.endsWith(".ts")));
    expect(SITE_NODE_FLAGS).not.toEqual([]);
    expect(flagsOf(npmScriptArgs("start"))).toEqual(SITE_NODE_FLAGS);
    const [, ...execStart] = (/^ExecStart=(.*)$/m.exec(readFileSync("docs/deployment.md", "utf8"))?.[1] ?? "").split(" ");
    // Node strips the site's TypeScript itself: the unit runs it without tsx, as the tests' site processes do (spawnSite).
    expect(execStart).toEqual([...SITE_NODE_FLAGS, "server/index.ts"]);
  });
});

/**
 * A child process started as the site's (its V8 options, then server/young-collections.server.ts,
 * as server/index.ts imports it first) streams 1 GiB through a loopback HTTP request to itself and
 * prints how many young and full collections it made.
 */
const STREAM_A_GIB = `
import http from "node:http";
import { PerformanceObserver, constants } from "node:perf_hooks";
await import(${JSON.stringify(pathToFileURL(path.resolve("server/young-collections.server.ts")).href)});
const collections = { young: 0, full: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MINOR) collections.young++;
    else if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) collections.full++;
  }
}).observe({ entryTypes: ["gc"] });
const server = http.createServer((request, response) => request.resume().on("end", () => response.end()));
await new Promise((listening) => server.listen(0, "127.0.0.1", listening));
const piece = Buffer.alloc(1024 * 1024);
await new Promise((answered, failed) => {
  const request = http.request({ host: "127.0.0.1", port: server.address().port, method: "POST" }, (response) => response.resume().on("end", answered));
  request.on("error", failed);
  let sent = 0;
  const send = () => {
    while (sent < 1024) {
      sent++;
      if (!request.write(piece)) return request.once("drain", send);
    }
    request.end();
  };
  send();
});
server.close();
console.log(JSON.stringify(collections));
`;

describe("the site's young generation (server/young-collections.server.ts)", () => {
  it("is capped on the V8 lines that have the flag (Node 22 and 24), left alone on others (Node 26's 14.6 has none)", () => {
    expect(capsYoungGeneration("12.4.254.21-node.57")).toBe(true);
    expect(capsYoungGeneration("13.6.233.17-node.53")).toBe(true);
    expect(capsYoungGeneration("11.3.244.8-node.17")).toBe(false);
    expect(capsYoungGeneration("14.6.202.34-node.40")).toBe(false);
  });

  it("turns allocation-site pretenuring off on Node 24's V8 alone, the line it was measured on", () => {
    expect(turnsPretenuringOff("13.6.233.17-node.53")).toBe(true);
    expect(turnsPretenuringOff("12.4.254.21-node.57")).toBe(false);
    expect(turnsPretenuringOff("14.6.202.34-node.40")).toBe(false);
  });

  it.runIf(capsYoungGeneration())("frees a streamed body's buffers with young collections, not a full collection every 64 MiB", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [...SITE_NODE_FLAGS, "--input-type=module", "-e", STREAM_A_GIB]);
    const collections = JSON.parse(stdout) as { young: number; full: number };
    // Without the cap, Node 24 made 13 to 15 full collections and 4 or 5 young ones for this GiB;
    // with it, 1 to 6 full and 29 to 32 young (the full ones vary with the machine's load).
    expect(collections.young, JSON.stringify(collections)).toBeGreaterThanOrEqual(16);
    expect(collections.full, JSON.stringify(collections)).toBeLessThanOrEqual(9);
  });
});
