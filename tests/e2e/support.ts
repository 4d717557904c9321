import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";

/**
 * Process and browser plumbing shared by the end-to-end tests: real processes started the way
 * operators start them, and one headless Chromium per test file.
 */

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A session secret for test processes only. */
export const TEST_SESSION_SECRET = "e2e-session-secret-0123456789-abcdefghijklmnop";

export const DEMO_PASSWORD = "demo12345";
export const ADMIN_EMAIL = "admin@dispusip.local";
export const SUPERADMIN_EMAIL = "superadmin@dispusip.local";
export const STAFF_EMAIL = "staf@dispusip.local";

export const LOGIN_FAILED = "Login gagal periksa kembali email dan password kamu!";

/**
 * The smallest environment a child process needs. The test runner's own variables
 * (NODE_ENV=test, VITEST_*, NODE_OPTIONS from the pool) never leak into the process under test.
 */
export type Env = Record<string, string>;

export function baseEnv(extra: Record<string, string | undefined> = {}): Env {
  const env: Env = {};
  for (const name of ["PATH", "HOME", "LANG", "TMPDIR", "TZ"]) {
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

/** Runs `node --import tsx <script>` in the project root with exactly the given environment. */
export function spawnNode(script: string, env: Env): NodeProcess {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
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

/** Stops every process these helpers started and that is still running (for afterAll hooks). */
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
    ...overrides,
  });
}

/** Spawns `server/index.ts` and resolves with the URL from its `listening` log line. */
export async function startBff(env: Env, timeoutMs = 30_000): Promise<Bff> {
  const proc = spawnNode("server/index.ts", env);
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

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
}

/**
 * Resolves once the page's script has taken over, so that clicks reach its handlers instead of
 * the bare server-rendered markup: React's hydration (the login page and the back-office, whose
 * DOM nodes then carry React's props), or the public pages' own script (`app/browser/public.ts`),
 * which marks the document when it has run.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if (document.documentElement.dataset.enhanced !== undefined) return true;
      const node = document.querySelector("main") ?? document.body.firstElementChild;
      return !!node && Object.keys(node).some((key) => key.startsWith("__reactProps$"));
    },
    undefined,
    { timeout: 15_000 },
  );
}

/** Fills and submits the login form on the current page (works with and without JavaScript). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "LOGIN" }).click();
}

/** Resolves when the page's URL has this path (any query), or rejects after the timeout. */
export async function waitForPath(page: Page, pathname: string, timeoutMs = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: timeoutMs, waitUntil: "commit" });
}

/** GET `{referenceApiUrl}/api{path}` and return the JSON body's `data` (the reference API's list shape). */
export async function apiData<T>(referenceApiUrl: string, apiPath: string): Promise<T> {
  const response = await fetch(`${referenceApiUrl}/api${apiPath}`);
  if (!response.ok) throw new Error(`GET /api${apiPath} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** Logs in to the reference API and returns the bearer token. */
export async function referenceApiToken(referenceApiUrl: string, email = ADMIN_EMAIL, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${referenceApiUrl}/api/users/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login as ${email} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ndash: "–", mdash: "—" };

/** Decodes the HTML character references React and sanitizers write (`&amp;`, `&#x27;`, `&ndash;`, ...). */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") return String.fromCodePoint(ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** The visible text of an HTML fragment, whitespace collapsed (tags become spaces). */
export function htmlToText(html: string): string {
  return decodeHtmlEntities(html.replace(/<script\b[\s\S]*?<\/script>/gi, " ").replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * `waitForHydration`, and when it times out, says whether the page's client assets failed to load:
 * a `remix build` run while a BFF is up empties and refills public/build, and a page loaded in
 * that window (or served by a BFF whose build was replaced) points at scripts that are not there.
 */
export async function waitForHydrationOrExplain(page: Page): Promise<void> {
  try {
    await waitForHydration(page);
  } catch (error) {
    const failed = await page
      .evaluate(() =>
        (performance.getEntriesByType("resource") as Array<PerformanceResourceTiming & { responseStatus?: number }>)
          .filter((entry) => entry.name.includes("/build/") && (entry.responseStatus ?? 200) >= 400)
          .map((entry) => `${new URL(entry.name).pathname} (${entry.responseStatus})`),
      )
      .catch(() => [] as string[]);
    if (failed.length) {
      throw new Error(`no hydration: the page's client assets failed to load (was \`remix build\` run during the tests?): ${failed.join(", ")}`, {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * Whether the page is a public page as the server renders it for a new document: its own script
 * (`app/browser/public.ts`) has run and Remix's client (which defines `__remixContext`) never
 * loaded. Waits for the script first; a page Remix rendered in the browser never gets it.
 */
export async function isUnhydratedPublicDocument(page: Page): Promise<boolean> {
  try {
    await page.waitForFunction(() => document.documentElement.dataset.enhanced !== undefined, undefined, { timeout: 10_000 });
  } catch {
    return false;
  }
  return page.evaluate(() => !("__remixContext" in window) && !("__remixRouter" in window));
}
