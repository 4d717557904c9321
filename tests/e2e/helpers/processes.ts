import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { DEMO_PASSWORD, STAFF_EMAIL } from "./reference-api.ts";

/**
 * Processes started the way operators start them (the site, a headless Chromium), for the
 * end-to-end tests, the hard suites, their global setups and the benchmarks. No vitest here: the
 * global setups and the benchmarks load this outside a test.
 */

export const PROJECT_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** A session secret for test processes only. */
export const TEST_SESSION_SECRET = "e2e-session-secret-0123456789-abcdefghijklmnop";

/**
 * The smallest environment a child process needs. The test runner's own variables
 * (NODE_ENV=test, VITEST_*, NODE_OPTIONS from the pool) never leak into the process under test.
 */
export type Env = Record<string, string>;

export function baseEnv(extra: Record<string, string | undefined> = {}): Env {
  const env: Env = {};
  // NODE_COMPILE_CACHE when `npm test` sets it (scripts/test.ts), never for the benchmarks, which measure the site as deployed.
  for (const name of ["PATH", "HOME", "LANG", "TMPDIR", "TZ", "NODE_COMPILE_CACHE"]) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface NodeProcess {
  child: ChildProcess;
  pid: number;
  /** Everything written to stdout so far. */
  stdout(): string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** The JSON log lines on stdout so far. */
  logLines(): Array<Record<string, unknown>>;
  /** Resolves when the process has exited (never rejects). */
  exited: Promise<ExitInfo>;
  /** Resolves with the first stdout line matching, rejects if the process exits first or on timeout. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Waits for exit; rejects after timeoutMs. */
  waitForExit(timeoutMs?: number): Promise<ExitInfo>;
  /** Sends a signal (if still running). */
  signal(signal: NodeJS.Signals): void;
  /**
   * SIGTERM, then SIGKILL after a grace period; resolves on exit. Rejects (after the exit) when
   * the process logged a failure nobody handled (`unhandledFailureLines`): every suite that stops
   * its processes fails on one, without a check of its own.
   */
  stop(graceMs?: number): Promise<ExitInfo>;
}

/** What server/index.ts logs for a failure nobody handled. */
const UNHANDLED_FAILURE_EVENTS = new Set(["unhandled_rejection", "uncaught_exception"]);

/**
 * The process's log lines about an unhandled rejection or an uncaught exception, and Node's own
 * report of one on stderr (a process that did not install the handlers).
 */
export function unhandledFailureLines(proc: Pick<NodeProcess, "logLines" | "stderr">): string[] {
  const logged = proc
    .logLines()
    .filter((line) => UNHANDLED_FAILURE_EVENTS.has(String(line.event)))
    .map((line) => JSON.stringify(line));
  const reported = proc.stderr().split("\n").filter((line) => /UnhandledPromiseRejection|\[ERR_UNHANDLED_REJECTION\]/.test(line));
  return [...logged, ...reported];
}

const running = new Set<NodeProcess>();

/**
 * The V8 options the site's process runs with, as `npm start` (package.json) and the deployment
 * guide's unit give them (tests/unit/runtime.test.ts holds the three together): the young
 * generation at most 16 MiB a half, Node 20's ceiling. Node 24's V8 lets it grow to 64 MiB, which
 * kept some 60 MiB more of garbage resident after an admin list's copy was read (docs/performance.md).
 */
export const SITE_NODE_FLAGS = ["--max-semi-space-size=16"];

/** Runs `node [flags] --import tsx <script>` in the project root with exactly the given environment. */
export function spawnNode(script: string, env: Env, nodeFlags: string[] = []): NodeProcess {
  return spawnProcess(process.execPath, [...nodeFlags, "--import", "tsx", script], env);
}

/**
 * The site's process as the deployment guide's unit starts it: `node --max-semi-space-size=16
 * server/index.ts`, its TypeScript stripped by Node itself (no tsx: half the CPU of a start).
 */
export function spawnSite(env: Env): NodeProcess {
  return spawnProcess(process.execPath, [...SITE_NODE_FLAGS, "server/index.ts"], env);
}

/** The arguments package.json's npm script `name` gives `node` (it must be a `node …` command). */
export function npmScriptArgs(name: string): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const [command, ...args] = scripts[name].split(" ");
  if (command !== "node" || args.some((arg) => /[&|;$"']/.test(arg))) throw new Error(`npm script ${name} is not one plain node command: ${scripts[name]}`);
  return args;
}

/** Runs `command args` (a node binary) in the project root with exactly the given environment. */
export function spawnProcess(command: string, args: string[], env: Env): NodeProcess {
  const script = args.at(-1) ?? command;
  const child = spawn(command, args, {
    cwd: PROJECT_ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  let exitInfo: ExitInfo | undefined;
  const lineListeners = new Set<() => void>();
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
    for (const listener of lineListeners) listener();
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once("exit", (code, signal) => {
      exitInfo = { code, signal };
      // Let the pipes drain so the last lines are in stdout()/stderr().
      setTimeout(() => {
        for (const listener of lineListeners) listener();
        resolve(exitInfo!);
      }, 50);
    });
  });

  const handle: NodeProcess = {
    child,
    pid: child.pid ?? -1,
    stdout: () => out,
    stderr: () => err,
    logLines: () =>
      out
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exited,
    waitForStdout(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          // Only whole lines: a chunk may end in the middle of one.
          const lines = out.split("\n");
          if (!exitInfo) lines.pop();
          for (const line of lines) {
            const match = line.match(pattern);
            if (match) return finish(() => resolve(match));
          }
          if (exitInfo) {
            finish(() =>
              reject(
                new Error(
                  `process exited (${exitInfo!.code ?? exitInfo!.signal}) before printing ${pattern}\nstdout:\n${out}\nstderr:\n${err}`,
                ),
              ),
            );
          }
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`no ${pattern} on stdout within ${timeoutMs} ms\nstdout:\n${out}\nstderr:\n${err}`))),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          lineListeners.delete(check);
          settle();
        };
        lineListeners.add(check);
        check();
      });
    },
    waitForExit(timeoutMs = 15_000) {
      return Promise.race([
        exited,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`process ${child.pid} still running after ${timeoutMs} ms`)), timeoutMs).unref(),
        ),
      ]);
    },
    signal(signal) {
      if (!exitInfo) child.kill(signal);
    },
    async stop(graceMs = 12_000) {
      if (!exitInfo) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
        await exited;
        clearTimeout(timer);
      }
      const failures = unhandledFailureLines(handle);
      if (failures.length > 0) {
        throw new Error(`${script} (pid ${child.pid}) logged ${failures.length} unhandled failure(s):\n${failures.join("\n")}`);
      }
      return exited;
    },
  };
  running.add(handle);
  void exited.then(() => running.delete(handle));
  return handle;
}

/**
 * The processes one test file starts, to stop after it: `own` each as it starts, `stopAll` in the
 * file's afterAll. Not `stopAllProcesses` in an end-to-end file: that would stop the worker's
 * stacks too (tests/e2e/fixtures.ts), which the worker's next files use.
 */
export function processGroup(): { own<P extends NodeProcess>(proc: P): P; startBff(env: Env): Promise<Bff>; stopAll(): Promise<void> } {
  const owned = new Set<NodeProcess>();
  const own = <P extends NodeProcess>(proc: P): P => {
    owned.add(proc);
    void proc.exited.then(() => owned.delete(proc));
    return proc;
  };
  return {
    own,
    async startBff(env) {
      const bff = await startBff(env);
      own(bff.proc);
      return bff;
    },
    async stopAll() {
      await Promise.all([...owned].map((proc) => proc.stop()));
    },
  };
}

/** Stops every process these helpers started and that is still running (for a reliability file's afterAll). */
export async function stopAllProcesses(): Promise<void> {
  await Promise.all([...running].map((proc) => proc.stop()));
}

export interface Bff {
  url: string;
  proc: NodeProcess;
}

/** Environment of a production BFF on a free loopback port; pass `undefined` to leave a variable out. */
export function bffEnv(overrides: Record<string, string | undefined>): Env {
  return baseEnv({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    SESSION_SECRET: TEST_SESSION_SECRET,
    // The tests change the upstream directly all the time: the back-office reads its lists anew on
    // every load instead of trusting its copy for a minute (the copy's keeping is the integration
    // tests' and the bench's to show).
    ADMIN_LIST_REFRESH_MS: "0",
    // A stopped test process exits once its requests are done, not after waiting out the test
    // client's idle keep-alive connections; the drain itself is the rolling-restart and
    // graceful-shutdown tests' to show (they set it).
    SHUTDOWN_DRAIN_MS: "0",
    // Koleksi Digital reads with the reference API's role-1 account, as `npm start`'s demo does.
    CATALOGUE_READER_EMAIL: STAFF_EMAIL,
    CATALOGUE_READER_PASSWORD: DEMO_PASSWORD,
    ...overrides,
  });
}

/** Spawns `server/index.ts` and resolves with the URL from its `listening` log line. */
export async function startBff(env: Env, timeoutMs = 30_000): Promise<Bff> {
  const proc = spawnSite(env);
  try {
    const [line] = await proc.waitForStdout(/^\{.*"event":"listening".*\}$/, timeoutMs);
    const { url } = JSON.parse(line) as { url: string };
    return { url, proc };
  } catch (error) {
    await proc.stop().catch(() => {});
    throw error;
  }
}

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `dispusip-e2e-${prefix}-`));
}

export async function removeDir(dir: string | undefined): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}

/** A loopback port that nothing listens on (bound, then released). */
export async function closedLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Opens a fresh TCP connection: "refused", "connected", or another error code. */
export function tryConnect(port: number, host = "127.0.0.1"): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.setTimeout(3_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve("timeout");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      resolve(error.code === "ECONNREFUSED" ? "refused" : (error.code ?? error.message));
    });
  });
}

export function portOf(url: string): number {
  return Number(new URL(url).port);
}

const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Nothing leaves the machine: every host name but the loopback address fails to resolve.
  "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
];

/**
 * The tests' Chromium: Debian's headless shell (package chromium-headless-shell, the "old"
 * headless mode Playwright itself prefers for tests) when installed, else the full browser. The
 * full browser's headless mode runs the whole desktop browser without a window: on this 2-core
 * machine, where the end-to-end run is bound by CPU, the two admin a11y files took 108 s against
 * 79 s (Chromium's CPU 143 s against 84 s), the whole run 404 s against 274 s. The Lighthouse
 * bench keeps the full browser, as a visitor's.
 */
export const TEST_CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: TEST_CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}
