import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { http, passthrough } from "msw";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "@server/config.server";
import { checkDataDirAtStart, DATA_DIR_PROBE_INTERVAL_MS, dataDirWritable, dataPaths } from "@server/data-dir.server";
import { upstreamsReachable } from "@server/upstream-health.server";
import { upstream } from "../mocks/upstream";

/**
 * Issue 36 point 3: a DATA_DIR the process cannot write stops it at start with one line naming
 * the folder, and makes /readyz unready; /readyz tells a slow upstream from an unreachable one.
 */

const made: string[] = [];
afterAll(() => {
  for (const dir of made) {
    chmodSync(dir, 0o755);
    rmSync(dir, { recursive: true, force: true });
  }
});

function temporary(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "dispusip-data-dir-"));
  made.push(dir);
  return dir;
}

const configFor = (dataDir: string, extra: Record<string, string> = {}) =>
  parseConfig({ NODE_ENV: "test", UPSTREAM_API_URL: "http://upstream.test", DATA_DIR: dataDir, ...extra });

/** Whether chmod stops this process writing (not as root, or with CAP_DAC_OVERRIDE). */
function chmodBinds(): boolean {
  const dir = temporary();
  chmodSync(dir, 0o555);
  try {
    writeFileSync(path.join(dir, "x"), "");
    return false;
  } catch {
    return true;
  } finally {
    chmodSync(dir, 0o755);
  }
}

describe("the start check", () => {
  it("creates every folder the process uses, uploads' included, and leaves no probe behind", async () => {
    const dataDir = path.join(temporary(), "data");
    const config = configFor(dataDir);
    await checkDataDirAtStart(config);
    const paths = dataPaths(config);
    for (const folder of [paths.uploads, paths.imageCache, paths.sessions!, paths.imports, paths.documents]) expect(existsSync(folder), folder).toBe(true);
    expect(readdirSync(dataDir).sort()).toEqual(["documents", "image-cache", "imports", "sessions", "uploads"]);
    expect(readdirSync(paths.uploads)).toEqual([]);
  });

  it("without REDIS_URL the sessions folder is checked; with it, not made", async () => {
    const dataDir = temporary();
    await checkDataDirAtStart(configFor(dataDir, { REDIS_URL: "redis://127.0.0.1:1" }));
    expect(existsSync(path.join(dataDir, "sessions"))).toBe(false);
    expect(existsSync(path.join(dataDir, "uploads"))).toBe(true);
  });

  it("a DATA_DIR under a regular file: one line naming DATA_DIR, the path and the code (works as root too)", async () => {
    const file = path.join(temporary(), "a-file");
    writeFileSync(file, "not a folder");
    const dataDir = path.join(file, "data");
    await expect(checkDataDirAtStart(configFor(dataDir))).rejects.toThrow(
      expect.objectContaining({ name: "ConfigError", message: expect.stringMatching(new RegExp(`^DATA_DIR is not writable: ${dataDir} \\(ENOTDIR\\): [^\\n]+$`)) }),
    );
  });

  it("an uploads folder that is a file: names the uploads folder", async () => {
    const dataDir = temporary();
    writeFileSync(path.join(dataDir, "uploads"), "");
    await expect(checkDataDirAtStart(configFor(dataDir))).rejects.toThrow(`DATA_DIR is not writable: ${path.join(dataDir, "uploads")} (`);
  });

  it("an audit log file that is a folder cannot be opened for writing: names it", async () => {
    const dataDir = temporary();
    mkdirSync(path.join(dataDir, "audit.sqlite-wal"));
    await expect(checkDataDirAtStart(configFor(dataDir))).rejects.toThrow(`DATA_DIR is not writable: ${path.join(dataDir, "audit.sqlite-wal")} (EISDIR)`);
  });

  it.runIf(chmodBinds())("a read-only DATA_DIR (chmod 0555): EACCES (skipped as root, where chmod does not stop writes)", async () => {
    const dataDir = temporary();
    mkdirSync(path.join(dataDir, "uploads"));
    chmodSync(path.join(dataDir, "uploads"), 0o555);
    try {
      await expect(checkDataDirAtStart(configFor(dataDir))).rejects.toThrow(`DATA_DIR is not writable: ${path.join(dataDir, "uploads")} (EACCES)`);
    } finally {
      chmodSync(path.join(dataDir, "uploads"), 0o755);
    }
  });
});

describe("what the start check says of others' access", () => {
  const mode = (file: string) => (statSync(file).mode & 0o777).toString(8).padStart(4, "0");

  it("makes DATA_DIR and its folders owner-only (0700), even where the process's umask cannot be set (a worker thread)", async () => {
    const dataDir = path.join(temporary(), "data");
    expect(await checkDataDirAtStart(configFor(dataDir))).toBeUndefined();
    for (const folder of [".", "uploads", "image-cache", "sessions", "imports", "documents"]) expect(mode(path.join(dataDir, folder)), folder).toBe("0700");
  });

  it("a DATA_DIR open to others: what it holds that others can read, and the command that closes it", async () => {
    const dataDir = temporary();
    chmodSync(dataDir, 0o711);
    writeFileSync(path.join(dataDir, "session-secret"), "s");
    chmodSync(path.join(dataDir, "session-secret"), 0o644);
    mkdirSync(path.join(dataDir, "imports"));
    chmodSync(path.join(dataDir, "imports"), 0o755);
    // Readable by the group only: the unit's own group, or one the operator chose (a backup's).
    writeFileSync(path.join(dataDir, "audit.sqlite"), "");
    chmodSync(path.join(dataDir, "audit.sqlite"), 0o640);
    const open = await checkDataDirAtStart(configFor(dataDir));
    expect(open).toEqual({
      warning: `DATA_DIR ${dataDir} is open to other users of this machine (mode 0711): they may read what it holds that is not owner-only (imports, session-secret). What the site creates is owner-only; close the rest with: chmod -R go-rwx ${dataDir}`,
      data_dir: dataDir,
      mode: "0711",
      readable: ["imports", "session-secret"],
    });
    // Said, not repaired: the operator's modes are left as they are.
    expect(mode(dataDir)).toBe("0711");
  });

  it("a DATA_DIR closed to others: nothing to say, whatever the modes of what is under it (no one else can reach them)", async () => {
    const dataDir = temporary();
    chmodSync(dataDir, 0o750);
    writeFileSync(path.join(dataDir, "audit.sqlite"), "");
    chmodSync(path.join(dataDir, "audit.sqlite"), 0o644);
    expect(await checkDataDirAtStart(configFor(dataDir))).toBeUndefined();
  });
});

describe("the readiness probe", () => {
  it("is ready while the folders can be written, unready once one cannot, and probes at most once per interval", async () => {
    const dataDir = temporary();
    const config = configFor(dataDir);
    const start = Date.now();
    expect(await dataDirWritable(config, start)).toBeUndefined();
    // The image cache's folder replaced by a file: writes there now fail.
    rmSync(path.join(dataDir, "image-cache"), { recursive: true });
    writeFileSync(path.join(dataDir, "image-cache"), "");
    expect(await dataDirWritable(config, start + 1), "within the interval: the cached verdict").toBeUndefined();
    const later = await dataDirWritable(config, start + DATA_DIR_PROBE_INTERVAL_MS);
    expect(later?.message).toMatch(new RegExp(`^DATA_DIR is not writable: ${path.join(dataDir, "image-cache")} \\((ENOTDIR|EEXIST)\\)`));
    rmSync(path.join(dataDir, "image-cache"));
    expect(await dataDirWritable(config, start + 2 * DATA_DIR_PROBE_INTERVAL_MS), "writable again").toBeUndefined();
  });
});

describe("/readyz's upstream check", () => {
  const servers: Server[] = [];
  // The stubs are real servers on loopback: msw (tests/setup/unit.ts) lets these requests through.
  beforeEach(() => upstream.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough())));
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function stub(answer: (respond: (status: number) => void) => void): Promise<string> {
    const server = createServer((_request, response) => {
      answer((status) => response.writeHead(status, { "content-type": "application/json" }).end("{}"));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** A port nothing listens on: a server started and closed again. */
  async function refusing(): Promise<string> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return `http://127.0.0.1:${port}`;
  }

  it("ok when the upstream answers under 500", async () => {
    const base = await stub((respond) => respond(404));
    // A timeout far above the stub's answer: a loaded machine must not turn the answer into "slow".
    expect(await upstreamsReachable({ upstreamApiUrl: base, panelApiUrl: base }, 15_000)).toBe("ok");
  });

  it("slow when no answer comes in time, and lets go of the call", async () => {
    let request: IncomingMessage | undefined;
    const base = await stub(() => {
      // never answers
    });
    servers.at(-1)!.on("request", (incoming: IncomingMessage) => (request = incoming));
    expect(await upstreamsReachable({ upstreamApiUrl: base, panelApiUrl: base }, 300)).toBe("slow");
    // It gave up on the call rather than leaving it open: the upstream sees its connection close.
    await expect.poll(() => request?.socket.destroyed).toBe(true);
    for (const server of servers) server.closeAllConnections();
  });

  it("unreachable on a 5xx", async () => {
    const base = await stub((respond) => respond(500));
    expect(await upstreamsReachable({ upstreamApiUrl: base, panelApiUrl: base }, 15_000)).toBe("unreachable");
  });

  it("unreachable when the connection is refused, and the worse of two upstreams wins", async () => {
    const refused = await refusing();
    const hanging = await stub(() => {});
    const fine = await stub((respond) => respond(200));
    expect(await upstreamsReachable({ upstreamApiUrl: refused, panelApiUrl: refused }, 15_000)).toBe("unreachable");
    // "slow" whenever the fine one answers, in time or not: the hang decides.
    expect(await upstreamsReachable({ upstreamApiUrl: fine, panelApiUrl: hanging }, 300)).toBe("slow");
    // The refusal must come before the hang's timeout, which the test then waits out: 2 s, not
    // 300 ms, so that a loaded machine's late refusal is not taken for a second hang.
    expect(await upstreamsReachable({ upstreamApiUrl: hanging, panelApiUrl: refused }, 2_000)).toBe("unreachable");
    for (const server of servers) server.closeAllConnections();
  });
});
