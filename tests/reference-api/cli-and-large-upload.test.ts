import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, login, makeDataDir, removeDataDir, tempFiles } from "./helpers.ts";

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MiB = 1024 * 1024;

interface Child {
  process: ChildProcess;
  url: string;
  dataDir: string;
  output: () => string;
}

const children: Child[] = [];

/** Runs `node --import tsx reference-api/main.ts` (what `npm run api` runs) and waits for its line. */
async function spawnApi(env: Record<string, string> = {}): Promise<Child> {
  const dataDir = await makeDataDir();
  const child = spawn(process.execPath, ["--import", "tsx", "reference-api/main.ts"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, REFERENCE_API_PORT: "0", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^reference-api listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`reference-api exited with ${code}: ${output}`)));
  });
  const started = { process: child, url, dataDir, output: () => output };
  children.push(started);
  return started;
}

function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.process.exitCode === null) {
      child.process.kill("SIGKILL");
      await exitCode(child.process);
    }
    await removeDataDir(child.dataDir);
  }
});

function memoryKiB(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  if (!match) throw new Error(`${field} missing from /proc/${pid}/status`);
  return Number(match[1]);
}

/** Resets the peak RSS counter (Linux >= 4.0) so VmHWM covers only what follows. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

describe("npm run api", () => {
  it("prints the listening line, serves the library panel too, and exits 0 on SIGINT and SIGTERM", async () => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      const child = await spawnApi();
      expect((await fetch(`${child.url}/api/health`)).status).toBe(200);
      const token = await login(child.url, ADMIN_EMAIL);
      const panel = await fetch(`${child.url}/api/bibliographies/admin/library`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(panel.status).toBe(200);
      child.process.kill(signal);
      expect(await exitCode(child.process)).toBe(0);
    }
  });

  it("refuses an invalid port with exit code 1", async () => {
    const dataDir = await makeDataDir();
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "reference-api/main.ts"], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, REFERENCE_API_PORT: "port", DATA_DIR: dataDir },
        stdio: "ignore",
      });
      expect(await exitCode(child)).toBe(1);
    } finally {
      await removeDataDir(dataDir);
    }
  });
});

/**
 * What the process's resident memory may grow by while a file streams through it, whatever the
 * file's size. Each chunk is garbage once written, but V8 frees dead Buffers only when it collects:
 * on Node 24 (V8 13.6) a full collection starts once they reach 64 MiB (V8's external-memory soft
 * limit; Node 20's V8 scavenged them at 32 MiB, a trigger that now sits at 128 MiB), and more
 * arrives while it marks. 64 MiB for that, 32 for the heap and the chunks in flight. Measured on
 * Node 24: at most 68 MiB for 150, 450 and 900 MB alike, with the cores busy or not; a second
 * upload in the same process adds nothing.
 */
const UPLOAD_MEMORY_BUDGET_MIB = 96;

describe("large upload", () => {
  it("streams a 450 MB chunked upload to disk, its memory bounded by a budget that does not grow with the file", async () => {
    const child = await spawnApi();
    const pid = child.process.pid;
    if (pid === undefined) throw new Error("no pid");
    const token = await login(child.url, ADMIN_EMAIL);

    // Nearly five times the budget: memory that grew with the file would pass it long before the end.
    const fileSize = 450 * MiB;
    const boundary = "----batas-besar";
    const chunk = Buffer.alloc(MiB, 0x5a);
    const firstChunk = Buffer.from(chunk);
    Buffer.from("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00isommp42", "latin1").copy(firstChunk);
    async function* body(): AsyncGenerator<Buffer> {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="besar.mp4"\r\n` +
          "Content-Type: video/mp4\r\n\r\n",
      );
      for (let sent = 0; sent < fileSize; sent += MiB) yield sent === 0 ? firstChunk : chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }

    const rssBefore = memoryKiB(pid, "VmRSS");
    const peakWasReset = resetPeak(pid);
    let sampledPeak = rssBefore;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, memoryKiB(pid, "VmRSS"));
    }, 20);

    const { hostname, port } = new URL(child.url);
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          hostname,
          port,
          method: "POST",
          path: "/api/upload/video",
          // No Content-Length: Node sends the body with chunked transfer encoding.
          headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
        },
        (res) => {
          let text = "";
          res.on("data", (part: Buffer) => (text += part.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      expect(req.getHeader("content-length")).toBeUndefined();
      pipeline(Readable.from(body()), req).catch(reject);
    });
    clearInterval(sampler);

    expect(response.status).toBe(201);
    const videoUrl: string = JSON.parse(response.body).video_url;
    expect(videoUrl).toMatch(/\/files\/[a-z0-9]+-[0-9a-f]{16}\.mp4$/);
    const storedName = videoUrl.split("/").pop() ?? "";
    expect(statSync(join(child.dataDir, "files", storedName)).size).toBe(fileSize);
    expect(await tempFiles(child.dataDir, "files")).toEqual([]);

    const peak = Math.max(sampledPeak, peakWasReset ? memoryKiB(pid, "VmHWM") : 0, memoryKiB(pid, "VmRSS"));
    const growthMiB = (peak - rssBefore) / 1024;
    expect(growthMiB).toBeLessThan(UPLOAD_MEMORY_BUDGET_MIB);

    const head = await fetch(videoUrl, { method: "HEAD" });
    expect(head.headers.get("content-type")).toBe("video/mp4");
    expect(Number(head.headers.get("content-length"))).toBe(fileSize);

    child.process.kill("SIGTERM");
    expect(await exitCode(child.process)).toBe(0);
  });
});
