import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tusMetadata } from "../helpers/tus.ts";
import { expect, test } from "./fixtures.ts";
import {
  ADMIN_EMAIL,
  bffEnv,
  DEMO_PASSWORD,
  type Env,
  logIn,
  processGroup,
  removeDir,
  spawnSite as spawnAnySite,
  tempDir,
  unhandledFailureLines,
} from "./helpers/index.ts";

/**
 * Issue 36 point 3: a DATA_DIR the process cannot write. Found by an operator: such a process
 * passed both health checks, then died on its first resumable upload. Now it does not start
 * (one line naming DATA_DIR, the folder and the error code), and a folder that becomes unusable
 * while it runs makes /readyz unready and an upload answer an Indonesian 503, the process alive.
 */

const dirs: string[] = [];
async function newDataDir() {
  const dir = await tempDir("data-dir-test");
  dirs.push(dir);
  return dir;
}

/** The processes this file started, stopped after it. */
const processes = processGroup();
const own = processes.own;
const spawnSite = (env: Env) => own(spawnAnySite(env));
const startBff = processes.startBff;

test.afterAll(async () => {
  await processes.stopAll();
  await Promise.all(dirs.map(removeDir));
});

async function failedStart(dataDir: string) {
  const proc = spawnSite(bffEnv({ UPSTREAM_API_URL: "http://127.0.0.1:9", DATA_DIR: dataDir }));
  const exit = await proc.waitForExit(15_000);
  const stderrLines = proc.stderr().split("\n").filter((line) => line.trim() !== "");
  return { exit, stderrLines, stdout: proc.stdout() };
}

test.describe("a DATA_DIR the process cannot write", () => {
  test("at start: exit 1 with one line naming DATA_DIR, the folder and the code (a DATA_DIR under a regular file; root cannot write there either)", async () => {
    const parent = await newDataDir();
    writeFileSync(path.join(parent, "plain-file"), "");
    const dataDir = path.join(parent, "plain-file", "data");
    const { exit, stderrLines, stdout } = await failedStart(dataDir);
    expect(exit.code).toBe(1);
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toMatch(new RegExp(`^DATA_DIR is not writable: ${dataDir} \\(ENOTDIR\\): `));
    expect(stdout).not.toContain('"event":"listening"');
  });

  test("at start: an uploads folder that cannot be made is named", async () => {
    const dataDir = await newDataDir();
    writeFileSync(path.join(dataDir, "uploads"), "");
    const { exit, stderrLines } = await failedStart(dataDir);
    expect(exit.code).toBe(1);
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toMatch(new RegExp(`^DATA_DIR is not writable: ${path.join(dataDir, "uploads")} \\(E[A-Z]+\\): `));
  });

  test("while running: /readyz says so, an upload gets an Indonesian 503, the process lives on, and all recovers with the folder", async ({ mainStack }) => {
    const dataDir = await newDataDir();
    const { url, proc } = await startBff(bffEnv({ UPSTREAM_API_URL: mainStack.referenceApiUrl, DATA_DIR: dataDir }));
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const cookie = await logIn(url);

    const createUpload = (filename = "gambar.png") =>
      fetch(`${url}/admin/uploads`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          Origin: url,
          "Tus-Resumable": "1.0.0",
          "Upload-Length": "68",
          "Upload-Metadata": tusMetadata({ screen: "slider-manager", field: "file", filename }),
        },
      });
    // An upload begun before the folder breaks: its next piece meets the broken folder.
    const begun = await createUpload("sebelum.png");
    expect(begun.status).toBe(201);

    // The uploads' folder replaced by a file, as a broken mount or a wrong chown would leave it.
    const uploads = path.join(dataDir, "uploads");
    rmSync(uploads, { recursive: true });
    writeFileSync(uploads, "");
    const refused = await createUpload();
    expect(refused.status).toBe(503);
    expect(await refused.text()).toBe("Berkas tidak dapat disimpan sementara di server saat ini. Silakan coba lagi nanti.");
    const piece = await fetch(`${url}${begun.headers.get("location")}`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: url,
        "Tus-Resumable": "1.0.0",
        "X-HTTP-Method-Override": "PATCH",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: Buffer.alloc(68, 1),
    });
    // The disk's failure, not "not found": the upload may go on once the folder is back.
    expect(piece.status, "a piece of an upload begun before").toBe(503);
    expect(await piece.text()).toBe("Berkas tidak dapat disimpan sementara di server saat ini. Silakan coba lagi nanti.");
    expect((await fetch(`${url}/healthz`)).status, "the process is alive").toBe(200);

    await expect
      .poll(async () => {
        const ready = await fetch(`${url}/readyz`);
        return { status: ready.status, body: (await ready.json()) as unknown };
      }, { timeout: 15_000, intervals: [500] })
      .toEqual({ status: 503, body: { status: "data dir not writable" } });

    rmSync(uploads);
    mkdirSync(uploads);
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 15_000, intervals: [500] }).toBe(200);
    expect((await createUpload()).status).toBe(201);

    // The sessions' folder (no REDIS_URL) broken the same way: a login is that request's 503, in Indonesian.
    const sessions = path.join(dataDir, "sessions");
    rmSync(sessions, { recursive: true });
    writeFileSync(sessions, "");
    const login = await fetch(`${url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(503);
    expect(await login.text()).toContain("Layanan sedang tidak dapat dihubungi. Silakan coba beberapa saat lagi.");
    expect((await fetch(`${url}/healthz`)).status, "the process is alive").toBe(200);
    rmSync(sessions);
    mkdirSync(sessions);
    expect(unhandledFailureLines(proc)).toEqual([]);
  });
});
