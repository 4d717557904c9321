import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { connect as connectHttp2 } from "node:http2";
import path from "node:path";
import { createClient } from "redis";
import sharp from "sharp";
import { Agent, fetch, type RequestInit as UndiciRequestInit, type Response as UndiciResponse } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, DEMO_PASSWORD, PROJECT_ROOT, removeDir, tempDir } from "../e2e/helpers/index.ts";
import { closedLoopbackPort } from "../e2e/helpers/processes.ts";
import { tusMetadata } from "../helpers/tus.ts";
import { reportCase } from "./report.ts";
import { missingTools, startCluster, startGuideNginx, type Cluster, type GuideNginx } from "./scale-out-support.ts";

/**
 * Issue 36: a rolling restart without a failed request. Three processes sharing Redis behind
 * Debian's nginx running the guide's own configuration (deploy/nginx.conf, TLS and HTTP/2 as
 * nginx 1.22 takes them); `scripts/rolling-restart.sh`, the script the guide describes, restarts
 * them one by one (its restart command is a call to this test, which stops a process with SIGTERM
 * and starts it again on its port, as systemd does) under steady traffic: 20 visitor requests a
 * second, an admin's save a second, two resumable uploads (tus) all the while, and one piece held
 * open on the first process restarted. It runs with nothing beside it (vitest.config.ts,
 * BOUNDED_HARD_FILES): it counts failures, and a loaded machine must not be what it measures.
 */

const skipReason = missingTools();
if (skipReason) console.warn(`rolling-restart: skipped, ${skipReason}`);

const VISITOR_EVERY_MS = 50;
const SAVE_EVERY_MS = 1_000;
const UPLOAD_BYTES = 768 * 1024;
/** The pace of an upload's body: 16 KiB every 40 ms (about 400 KiB/s, two seconds an upload). */
const PIECE_CHUNK = 16 * 1024;
const PIECE_PACE_MS = 40;
/**
 * A resume that waits this long waited for a lock its holder did not give back: a lock kept by a
 * stopped process lasts what is left of its lease, at least 7 s (10 s renewed every 3 s,
 * upload-locker.server.ts), and made the resume wait ~7.5 s. Half that and less, so that a
 * loaded machine's slower HEAD (22 ms on a quiet one) stays far below it.
 */
const SLOW_RESUME_MS = 3_000;

let cluster: Cluster;
let nginx: GuideNginx;
let nginxDir: string;
let dispatcher: Agent;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function send(pathname: string, init: UndiciRequestInit = {}): Promise<UndiciResponse> {
  return fetch(`${nginx.url}${pathname}`, { redirect: "manual", ...init, dispatcher });
}

/** A browser's form post through nginx: its Origin is the site's, with the port (`$http_host`). */
async function postForm(pathname: string, fields: Record<string, string>, cookie?: string) {
  const response = await send(pathname, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: nginx.url, ...(cookie ? { Cookie: cookie } : {}) },
  });
  const cookies = response.headers.getSetCookie().filter((value) => value.startsWith("__session="));
  await response.body?.cancel();
  return { status: response.status, location: response.headers.get("location"), cookie: cookies.at(-1)?.split(";")[0] };
}

/** A PNG the upload's type check accepts, padded to `bytes`, different each time. */
async function imageOf(bytes: number, seed: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: seed % 256, g: 100, b: 50 } } }).png().toBuffer();
  const padding = Buffer.alloc(bytes - png.length);
  for (let index = 0; index < padding.length; index += 4096) padding[index] = (seed + index) % 256;
  return Buffer.concat([png, padding]);
}

/** A body sent at the test's pace; `stopAfter` bytes then it hangs until cancelled. */
function pacedBody(bytes: Buffer, stopAfter = bytes.length): UndiciRequestInit["body"] {
  let sent = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent >= stopAfter) {
        while (!cancelled) await pause(100);
        return;
      }
      await pause(PIECE_PACE_MS);
      if (cancelled) return;
      const chunk = bytes.subarray(sent, Math.min(sent + PIECE_CHUNK, stopAfter));
      sent += chunk.length;
      controller.enqueue(chunk);
      if (sent >= bytes.length) controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  // undici's own fetch (for its TLS options) types its streams apart from the global ones.
  return stream as unknown as UndiciRequestInit["body"];
}

interface Counts {
  visitors: number;
  visitorStatuses: Record<string, number>;
  saves: number;
  savesFailed: string[];
  uploadsStarted: number;
  /** The statuses of the creations refused (a 201 is the upload's address). */
  uploadsNotCreated: number[];
  uploadsCompleted: number;
  uploadsCorrupt: number;
  piecesEndedEarly: number;
  resumes: number;
  slowResumes: number;
  resumeWaitsMs: number[];
  serverErrors: string[];
  networkErrors: string[];
}

describe.skipIf(skipReason)("rolling restart through the guide's nginx, under traffic", () => {
  beforeAll(async () => {
    cluster = await startCluster(3, { PUBLIC_CACHE_TTL_MS: "2000" });
    nginxDir = await tempDir("guide-nginx");
    nginx = await startGuideNginx(nginxDir, cluster.bffs.map((bff) => bff.url));
    dispatcher = new Agent({ connect: { ca: nginx.ca } });
  });

  afterAll(async () => {
    await dispatcher?.close();
    await nginx?.stop();
    await cluster?.close();
    await removeDir(nginxDir);
  });

  it("serves the guide's configuration as written: nginx -t, TLS with HTTP/2, Host with its port, /metrics hidden", async () => {
    expect(nginx.checked).toContain("syntax is ok");
    expect(nginx.checked).toContain("test is successful");

    // HTTP/2 over TLS (ALPN h2), the throwaway certificate trusted.
    const session = connectHttp2(nginx.url, { ca: nginx.ca });
    const status = await new Promise<number>((resolve, reject) => {
      const stream = session.request({ ":path": "/healthz" });
      stream.on("response", (headers) => resolve(Number(headers[":status"])));
      stream.on("error", reject);
      stream.resume();
    });
    session.close();
    expect(status).toBe(200);
    expect((await send("/metrics")).status).toBe(404);
    const redirect = await fetch(`${nginx.httpUrl}/about?x=1`, { redirect: "manual" });
    expect(redirect.status).toBe(301);
    // A login as a browser sends it (Origin with the port): `$host` would drop the port and the
    // site would refuse the form as another site's.
    const login = await postForm("/login", { email: ADMIN_EMAIL, password: DEMO_PASSWORD });
    expect(login).toMatchObject({ status: 302, location: "/admin/slider-manager" });
    // nginx's request id reached the site's log.
    const answered = await send("/healthz");
    const requestId = answered.headers.get("x-request-id");
    await answered.body?.cancel();
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    reportCase({
      suite: "rolling-restart",
      tried: "deploy/nginx.conf with its example values replaced: nginx -t, HTTP/2 over TLS, /metrics, port 80, a browser's login",
      got: "nginx -t ok; h2 200; /metrics 404; 301 to https; login 302; nginx's $request_id is the site's X-Request-Id",
      passed: true,
    });
  });

  it("answers with nginx's own Indonesian page, its 502 and the request's id, when no process answers", async () => {
    const deadDir = await tempDir("guide-nginx-dead");
    const dead = await startGuideNginx(deadDir, [`http://127.0.0.1:${await closedLoopbackPort()}`]);
    const deadDispatcher = new Agent({ connect: { ca: dead.ca } });
    try {
      const answer = await fetch(`${dead.url}/admin/book`, { dispatcher: deadDispatcher });
      const page = await answer.text();
      const requestId = answer.headers.get("x-request-id");
      expect(answer.status).toBe(502);
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(page).toContain("Layanan sedang tidak tersedia");
      expect(requestId).toMatch(/^[0-9a-f]{32}$/);
      expect(page).toContain(`Kode permintaan: ${requestId}`);
      // The same id in nginx's log, for the operator the visitor quotes it to. nginx writes the
      // line once it has finished the request, which a loaded machine may put after the client
      // has read the answer: waited for, not read at once.
      await expect.poll(() => dead.accessLog()).toContain(`id=${requestId}`);
      reportCase({
        suite: "rolling-restart",
        tried: "the guide's nginx with no process answering: GET /admin/book",
        got: "502 kept, an Indonesian page quoting the request id, the same id in X-Request-Id and nginx's access log",
        passed: true,
      });
    } finally {
      await deadDispatcher.close();
      await dead.stop();
      await removeDir(deadDir);
    }
  });

  it("restarts every process one by one with no failed request, no lost session, every upload completed", async () => {
    const login = await postForm("/login", { email: ADMIN_EMAIL, password: DEMO_PASSWORD });
    expect(login.status).toBe(302);
    const cookie = login.cookie!;
    const tus = { Cookie: cookie, Origin: nginx.url, "Tus-Resumable": "1.0.0" };
    const counts: Counts = {
      visitors: 0,
      visitorStatuses: {},
      saves: 0,
      savesFailed: [],
      uploadsStarted: 0,
      uploadsNotCreated: [],
      uploadsCompleted: 0,
      uploadsCorrupt: 0,
      piecesEndedEarly: 0,
      resumes: 0,
      slowResumes: 0,
      resumeWaitsMs: [],
      serverErrors: [],
      networkErrors: [],
    };
    const noteAnswer = (what: string, response: UndiciResponse) => {
      if (response.status >= 500) counts.serverErrors.push(`${what}: ${response.status}`);
    };

    // One piece held open on the first process to be restarted, straight to it: its shutdown
    // must end it with what it stored and delete its Redis lock before the process is gone.
    const heldImage = await imageOf(UPLOAD_BYTES, 7);
    const created = await send("/admin/uploads", {
      method: "POST",
      headers: { ...tus, "Upload-Length": String(heldImage.length), "Upload-Metadata": tusMetadata({ screen: "slider-manager", field: "file", filename: "tertahan.png" }) },
    });
    expect(created.status).toBe(201);
    const heldLocation = created.headers.get("location")!;
    const heldId = heldLocation.split("/").pop()!;
    const half = 256 * 1024;
    const firstPort = new URL(cluster.bffs[0].url).port;
    const held = fetch(`${cluster.bffs[0].url}${heldLocation}`, {
      method: "POST",
      headers: { ...tus, Origin: cluster.bffs[0].url, "X-HTTP-Method-Override": "PATCH", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      body: pacedBody(heldImage, half),
      duplex: "half",
    }).then(
      async (response) => {
        await response.body?.cancel();
        return { status: response.status, offset: response.headers.get("upload-offset") };
      },
      (error: Error) => ({ status: 0, offset: error.message }),
    );
    const lockKey = `dispusip:upload-lock:${heldId}`;
    const inspector = createClient({ url: cluster.redis.url });
    await inspector.connect();
    let heldLockToken = await inspector.get(lockKey);
    while (heldLockToken === null) {
      await pause(20);
      heldLockToken = await inspector.get(lockKey);
    }

    // The restart command the script is given: this test stops a process and starts it again.
    // Whether the key still holds the first process's lock once that process is replaced. The
    // held upload's resume, started on another process the moment the piece ended, may hold a
    // lock of its own under the same key by then: only the first process's token would be a lock
    // left behind.
    let firstLockAfterFirstRestart: boolean | undefined;
    const restarted: string[] = [];
    const control: Server = createServer((request, response) => {
      const port = /^\/restart\/(\d+)$/.exec(request.url ?? "")?.[1];
      const index = cluster.bffs.findIndex((bff) => new URL(bff.url).port === port);
      if (request.method !== "POST" || index === -1) return void response.writeHead(404).end();
      cluster.restart(index).then(
        async () => {
          if (port === firstPort) firstLockAfterFirstRestart = (await inspector.get(lockKey)) === heldLockToken;
          restarted.push(port!);
          response.writeHead(200).end("restarted\n");
        },
        (error: Error) => response.writeHead(500).end(`${error.message}\n`),
      );
    });
    await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
    const controlPort = (control.address() as { port: number }).port;

    let rolling = true;
    const visitors = (async () => {
      const pending: Array<Promise<void>> = [];
      for (let index = 0; rolling; index++) {
        const pathname = index % 4 === 3 ? "/about" : "/";
        pending.push(
          send(pathname).then(
            async (response) => {
              counts.visitors++;
              counts.visitorStatuses[response.status] = (counts.visitorStatuses[response.status] ?? 0) + 1;
              const text = await response.text();
              if (response.status >= 500) counts.serverErrors.push(`GET ${pathname}: ${response.status} ${text.slice(0, 80)}`);
            },
            (error: Error) => void counts.networkErrors.push(`GET ${pathname}: ${error.message}`),
          ),
        );
        await pause(VISITOR_EVERY_MS);
      }
      await Promise.all(pending);
    })();

    const saves = (async () => {
      for (let index = 0; rolling; index++) {
        const started = Date.now();
        try {
          const saved = await postForm("/admin/classification?modal=add", { intent: "create", notation: `998.${index}`, general_name: `Bergulir ${Date.now()} ${index}` }, cookie);
          counts.saves++;
          if (saved.status >= 500) counts.serverErrors.push(`save: ${saved.status}`);
          // Saved and back to the list: the session held (a lost one redirects to the home page).
          if (saved.status !== 302 || !saved.location?.startsWith("/admin/classification")) counts.savesFailed.push(`${saved.status} ${saved.location}`);
        } catch (error) {
          counts.networkErrors.push(`save: ${(error as Error).message}`);
        }
        await pause(Math.max(0, SAVE_EVERY_MS - (Date.now() - started)));
      }
    })();

    /**
     * Sends `image` to the upload at `location` through nginx, piece after piece, as tus-js-client
     * does: after a piece that did not finish (or first, with `askFirst`, for an upload cut
     * elsewhere) it asks with HEAD where the upload stands, timed, and goes on from there.
     * Resolves with the offset the first HEAD answered.
     */
    const sendUntilComplete = async (location: string, image: Buffer, askFirst: boolean): Promise<number | undefined> => {
      let offset = 0;
      let firstAnswered: number | undefined;
      let ended = "not started";
      for (let attempt = 0; ; attempt++) {
        if (askFirst || attempt > 0) {
          const asked = Date.now();
          const head = await send(location, { method: "HEAD", headers: tus });
          const waited = Date.now() - asked;
          noteAnswer("upload HEAD", head);
          counts.resumes++;
          counts.resumeWaitsMs.push(waited);
          if (waited >= SLOW_RESUME_MS) counts.slowResumes++;
          if (head.status !== 200) throw new Error(`HEAD ${location} after ${ended}: ${head.status}`);
          offset = Number(head.headers.get("upload-offset"));
          firstAnswered ??= offset;
        }
        if (offset >= image.length) break;
        if (attempt > 20) throw new Error(`upload ${location} did not complete in 20 pieces`);
        try {
          const piece = await send(location, {
            method: "POST",
            headers: { ...tus, "X-HTTP-Method-Override": "PATCH", "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
            body: pacedBody(image.subarray(offset)),
            duplex: "half",
          });
          noteAnswer("upload piece", piece);
          await piece.body?.cancel();
          if (piece.status === 204 && Number(piece.headers.get("upload-offset")) === image.length) break;
          ended = `${piece.status} at ${piece.headers.get("upload-offset")}`;
          counts.piecesEndedEarly++;
        } catch (error) {
          ended = (error as Error).message;
          counts.networkErrors.push(`upload piece: ${ended}`);
        }
      }
      return firstAnswered;
    };
    /** Whether the upload at `location` is stored whole; then its disk reservation is given back. */
    const storedWholeThenRemoved = async (location: string, image: Buffer): Promise<boolean> => {
      const stored = await readFile(path.join(cluster.dataDir, "uploads", location.split("/").pop()!));
      // Its disk reservation given back (the admin's count of uploads is bounded).
      const removed = await send(location, { method: "POST", headers: { ...tus, "X-HTTP-Method-Override": "DELETE" } });
      noteAnswer("upload DELETE", removed);
      await removed.body?.cancel();
      return stored.equals(image);
    };

    /** One resumable upload through nginx from its start. */
    const uploadOne = async (seed: number) => {
      const image = await imageOf(UPLOAD_BYTES, seed);
      counts.uploadsStarted++;
      const made = await send("/admin/uploads", {
        method: "POST",
        headers: { ...tus, "Upload-Length": String(image.length), "Upload-Metadata": tusMetadata({ screen: "slider-manager", field: "file", filename: `bergulir-${seed}.png` }) },
      });
      noteAnswer("create upload", made);
      await made.body?.cancel();
      if (made.status !== 201) return void counts.uploadsNotCreated.push(made.status);
      const location = made.headers.get("location")!;
      await sendUntilComplete(location, image, false);
      if (await storedWholeThenRemoved(location, image)) counts.uploadsCompleted++;
      else counts.uploadsCorrupt++;
    };
    // The held piece, cut by its process's shutdown, is resumed through nginx at once, while the
    // roll goes on: its lock must already be gone (a kept one made the resume wait ~7.5 s).
    const heldResumed = held.then(async (end) => {
      const resumedFrom = await sendUntilComplete(heldLocation, heldImage, true);
      return { end, resumedFrom, whole: await storedWholeThenRemoved(heldLocation, heldImage) };
    });
    const uploads = [1, 2].map(async (worker) => {
      for (let round = 0; rolling; round++) await uploadOne(worker * 1000 + round);
    });
    // Every worker runs until the roll is over, whatever one of them met; what failed is
    // asserted below, with nginx's view of the processes beside it.
    const traffic = Promise.allSettled([visitors, saves, ...uploads, heldResumed]);

    // Traffic first, then the roll, exactly as the guide runs it.
    await pause(2_000);
    const script = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        "bash",
        [path.join(PROJECT_ROOT, "scripts/rolling-restart.sh"), ...cluster.bffs.map((bff) => new URL(bff.url).port)],
        { env: { ...process.env, RESTART_COMMAND: `curl -fsS -X POST http://127.0.0.1:${controlPort}/restart/{port}` } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
      );
    });
    await pause(1_000);
    rolling = false;
    const outcomes = await traffic;
    const workersFailed = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [String(outcome.reason)] : []));
    const heldOutcome = outcomes.at(-1)!;
    const heldUpload = heldOutcome.status === "fulfilled" ? heldOutcome.value : undefined;
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await inspector.quit();
    // Sessions are in Redis: the admin is still logged in on the new processes.
    const after = await send("/admin/classification", { headers: { Cookie: cookie } });
    await after.body?.cancel();
    const errorLines = (await nginx.errorLog()).split("\n");
    const noLiveUpstreams = errorLines.filter((line) => line.includes("no live upstreams")).length;
    // A stopping process closes a read's connection unanswered, to stop nginx sending to it (a
    // figure, not a bound: most visitors' reads are answered from nginx's page cache).
    const readsHandedBack = errorLines.filter((line) => /prematurely closed connection .*request: "(GET|HEAD) /.test(line)).length;
    const waits = [...counts.resumeWaitsMs].sort((a, b) => a - b);

    expect(script.code, script.output).toBe(0);
    expect(script.output).toContain("rolling-restart: done (3)");
    expect(restarted).toHaveLength(3);
    // What nginx saw of the processes when a request failed, to tell a failure's cause.
    const upstreamTrouble = errorLines.filter((line) => /upstream|connect\(\)|recv\(\)|send\(\)/.test(line)).slice(-20).join("\n");
    expect(counts.serverErrors, `${script.output}\n${upstreamTrouble}`).toEqual([]);
    expect(counts.uploadsNotCreated, upstreamTrouble).toEqual([]);
    expect(workersFailed, upstreamTrouble).toEqual([]);
    expect(counts.networkErrors, `${script.output}\n${upstreamTrouble}`).toEqual([]);
    // The held piece ended with what it had stored, its lock was gone with the process, and the
    // upload went on from there on another process, at once (every resume is timed below).
    expect(heldUpload).toEqual({ end: { status: 204, offset: String(half) }, resumedFrom: half, whole: true });
    expect(firstLockAfterFirstRestart).toBe(false);
    expect(noLiveUpstreams).toBe(0);
    expect(counts.savesFailed).toEqual([]);
    expect(after.status).toBe(200);
    expect(counts.uploadsCorrupt).toBe(0);
    expect(counts.uploadsCompleted).toBe(counts.uploadsStarted);
    expect(counts.resumes).toBeGreaterThanOrEqual(1);
    expect(counts.slowResumes).toBe(0);
    // The traffic was there: 20 a second and a save a second for the whole roll.
    expect(counts.visitors).toBeGreaterThan(200);
    expect(counts.saves).toBeGreaterThan(10);
    expect(counts.uploadsCompleted).toBeGreaterThan(4);

    reportCase({
      suite: "rolling-restart",
      tried: "scripts/rolling-restart.sh over 3 processes behind the guide's nginx, under 20 visitor requests/s, a save/s, 2 resumable uploads, one piece held on the first process",
      got: `no 5xx, no network error, no "no live upstreams"; every save kept its session; ${counts.uploadsCompleted} uploads complete and whole; the held piece ended at its stored offset, its lock deleted, and its upload resumed through nginx at once`,
      passed: true,
      figures: {
        "visitor requests": counts.visitors,
        saves: counts.saves,
        uploads: counts.uploadsCompleted,
        "pieces ended early": counts.piecesEndedEarly,
        "reads handed back": readsHandedBack,
        resumes: counts.resumes,
        "longest resume wait": `${waits.at(-1) ?? 0} ms`,
        "5xx": counts.serverErrors.length,
      },
    });
    console.info(
      `rolling-restart: ${JSON.stringify({ ...counts, readsHandedBack, resumeWaitsMs: waits, serverErrors: counts.serverErrors.length, networkErrors: counts.networkErrors.length })}`,
    );
  });
});
