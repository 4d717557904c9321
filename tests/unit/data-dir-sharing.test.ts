import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { SHARED_WITHOUT_REDIS, SHARING_SOCKET } from "@server/data-dir-sharing.server";
import { baseEnv } from "../e2e/helpers/processes";

/**
 * server/data-dir-sharing.server.ts, in processes of their own as the site's are: a second process
 * on one DATA_DIR without REDIS_URL is said in both logs; one that died leaves no false alarm.
 */

const WATCH = `
const { watchDataDirSharing } = await import(${JSON.stringify(pathToFileURL(path.resolve("server/data-dir-sharing.server.ts")).href)});
await watchDataDirSharing(process.argv[1]);
console.log(JSON.stringify({ event: "watching" }));
setInterval(() => {}, 60_000);
`;

interface Watcher {
  child: ChildProcess;
  events: string[];
  /** Resolves once the process logged `event`. */
  logged(event: string): Promise<void>;
}

const started: ChildProcess[] = [];
let dataDir: string | undefined;
afterEach(async () => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

function watcher(dir: string): Watcher {
  const child = spawn(process.execPath, ["--input-type=module", "-e", WATCH, dir], { env: baseEnv() as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "inherit"] });
  started.push(child);
  const events: string[] = [];
  const waiting = new Map<string, () => void>();
  createInterface({ input: child.stdout! }).on("line", (line) => {
    const { event } = JSON.parse(line) as { event: string };
    events.push(event);
    waiting.get(event)?.();
  });
  return {
    child,
    events,
    logged: (event) => (events.includes(event) ? Promise.resolve() : new Promise((resolve) => waiting.set(event, resolve))),
  };
}

describe("one DATA_DIR, no REDIS_URL", () => {
  it("says in the log of both processes that a second one serves the same DATA_DIR", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "data-dir-sharing-"));
    const first = watcher(dataDir);
    await first.logged("watching");
    expect(first.events).toEqual(["watching"]);
    const second = watcher(dataDir);
    await second.logged("watching");
    await first.logged(SHARED_WITHOUT_REDIS);
    expect(second.events).toEqual([SHARED_WITHOUT_REDIS, "watching"]);
    expect(first.events).toEqual(["watching", SHARED_WITHOUT_REDIS]);
  });

  it("takes over the socket a killed process left, without a word", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "data-dir-sharing-"));
    const killed = watcher(dataDir);
    await killed.logged("watching");
    killed.child.kill("SIGKILL");
    await new Promise((exited) => killed.child.once("exit", exited));
    expect(existsSync(path.join(dataDir, SHARING_SOCKET)), "a killed process leaves its socket's file").toBe(true);
    const next = watcher(dataDir);
    await next.logged("watching");
    expect(next.events).toEqual(["watching"]);
    // And it holds the socket now: a third process is told of it.
    const third = watcher(dataDir);
    await third.logged("watching");
    expect(third.events).toEqual([SHARED_WITHOUT_REDIS, "watching"]);
  });
});
