import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { unsupportedNodeMessage } from "../../server/supported-node.ts";
import { expect, test } from "./fixtures.ts";
import {
  ADMIN_EMAIL,
  baseEnv,
  DEMO_PASSWORD,
  type Env,
  npmScriptArgs,
  portOf,
  processGroup,
  removeDir,
  spawnProcess as spawnAnyProcess,
  STAFF_EMAIL,
  SUPERADMIN_EMAIL,
  tempDir,
  TEST_SESSION_SECRET,
  tryConnect,
} from "./helpers/index.ts";

/**
 * `npm start` as an operator runs it: the npm script's own `node` command, word for word, without
 * npm in between so the signal reaches the process. The build already exists.
 */

const dirs: string[] = [];

/** The processes this file started, stopped after it. */
const processes = processGroup();
const spawnProcess = (command: string, args: string[], env: Env) => processes.own(spawnAnyProcess(command, args, env));

test.afterAll(async () => {
  await processes.stopAll();
  await Promise.all(dirs.map(removeDir));
});

/** A Node.js on this machine that package.json's engines does not admit (Debian's own is 20), if any. */
const olderNode = ["/usr/bin/node", "/usr/local/bin/node"]
  .filter((candidate) => existsSync(candidate))
  .map((candidate) => ({ path: candidate, version: execFileSync(candidate, ["--version"], { encoding: "utf8" }).trim() }))
  .find(({ version }) => unsupportedNodeMessage(version) !== undefined);

const SITE_LINE = /The site is running at (http:\/\/[^\s)]+)/;
const READY_LINE = /Press Ctrl-C to stop/;

function cookieFrom(response: Response): string {
  const setCookies = response.headers.getSetCookie();
  const session = setCookies.find((value) => value.startsWith("__session="));
  expect(session, `Set-Cookie: ${setCookies.join(" | ")}`).toBeDefined();
  return session!.split(";")[0];
}

test.describe("npm start", () => {
  test("without UPSTREAM_API_URL runs the demo upstream, serves the site, and stops everything on one Ctrl-C", async () => {
    const parent = await tempDir("start-demo");
    dirs.push(parent);
    // Made by npm start itself, with the session secret it keeps there.
    const dataDir = path.join(parent, "data");
    const proc = spawnProcess(
      process.execPath,
      npmScriptArgs("start"),
      baseEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, REFERENCE_API_PORT: "0", UPSTREAM_API_URL: undefined }),
    );
    const [, siteUrl] = await proc.waitForStdout(SITE_LINE, 60_000);
    await proc.waitForStdout(READY_LINE);
    const output = proc.stdout();

    const referenceLine = /Reference API \(demo upstream\) at (http:\/\/127\.0\.0\.1:(\d+))\/api/.exec(output);
    expect(referenceLine, output).not.toBeNull();
    const referencePort = Number(referenceLine![2]);
    for (const email of [ADMIN_EMAIL, SUPERADMIN_EMAIL, STAFF_EMAIL]) {
      expect(output).toMatch(new RegExp(`${email.replace(/\./g, "\\.")}\\s+${DEMO_PASSWORD}`));
    }

    const home = await fetch(`${siteUrl}/`);
    expect(home.status).toBe(200);
    await home.arrayBuffer();
    const loginPage = await fetch(`${siteUrl}/login`);
    expect(loginPage.status).toBe(200);
    expect(await loginPage.text()).toContain("LOGIN");

    const login = await fetch(`${siteUrl}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: ADMIN_EMAIL, password: DEMO_PASSWORD, redirectTo: "" }),
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    const location = new URL(login.headers.get("location") ?? "", siteUrl);
    expect(location.pathname).toBe("/admin/slider-manager");
    const cookie = cookieFrom(login);

    const admin = await fetch(location, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain("Slider");

    // DATA_DIR, the session secret, the session and the demo API's files: no other user may read them.
    const written = [dataDir, ...(await readdir(dataDir, { recursive: true })).map((name) => path.join(dataDir, name))];
    expect(written).toContain(path.join(dataDir, "session-secret"));
    const open = written.filter((file) => (statSync(file).mode & 0o077) !== 0).map((file) => `${path.relative(dataDir, file) || "."} ${(statSync(file).mode & 0o777).toString(8)}`);
    expect(open, "open to the group or others").toEqual([]);

    proc.signal("SIGINT");
    const exit = await proc.waitForExit(15_000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(await tryConnect(referencePort)).toBe("refused");
    expect(await tryConnect(portOf(siteUrl))).toBe("refused");
  });

  test("with UPSTREAM_API_URL set uses that upstream and starts no demo API", async ({ mainStack: { referenceApiUrl } }) => {
    const dataDir = await tempDir("start-upstream");
    dirs.push(dataDir);
    const proc = spawnProcess(
      process.execPath,
      npmScriptArgs("start"),
      baseEnv({
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        UPSTREAM_API_URL: referenceApiUrl,
        SESSION_SECRET: TEST_SESSION_SECRET,
      }),
    );
    const [, siteUrl] = await proc.waitForStdout(SITE_LINE, 60_000);
    await proc.waitForStdout(READY_LINE);
    expect(proc.stdout()).not.toContain("Reference API");
    expect(proc.stdout()).not.toContain(DEMO_PASSWORD);

    // It really talks to the given upstream: a demo login there works through this site.
    const login = await fetch(`${siteUrl}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: ADMIN_EMAIL, password: DEMO_PASSWORD, redirectTo: "" }),
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    expect(new URL(login.headers.get("location") ?? "", siteUrl).pathname).toBe("/admin/slider-manager");

    proc.signal("SIGINT");
    expect(await proc.waitForExit(15_000)).toEqual({ code: 0, signal: null });
    // The upstream it was given is not its to stop.
    expect(await tryConnect(portOf(referenceApiUrl))).toBe("connected");
  });

  test(`on an unsupported Node.js (${olderNode?.version}) stops at once with one line naming the versions it needs`, async () => {
    test.skip(!olderNode, "no Node.js on this machine that package.json's engines does not admit");
    const dataDir = await tempDir("start-old-node");
    dirs.push(dataDir);
    const proc = spawnProcess(
      olderNode!.path,
      npmScriptArgs("start"),
      baseEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: `${dataDir}/data`, UPSTREAM_API_URL: undefined }),
    );

    expect(await proc.waitForExit()).toEqual({ code: 1, signal: null });
    expect(proc.stderr().trimEnd()).toBe(unsupportedNodeMessage(olderNode!.version));
    expect(proc.stdout()).toBe("");
    // Nothing was built, started or written: the check came before the demo's data directory.
    expect(existsSync(`${dataDir}/data`)).toBe(false);
  });
});
