import { readdir } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { http, passthrough } from "msw";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminCookie, submit } from "./admin-screen-support";
import { request, sessionCookie } from "../helpers/sessions";
import { cancelUpload, sendPiece, tusMetadata } from "../helpers/tus";
import { upstream } from "../mocks/upstream";

/**
 * Issue 51: a video's resumable upload goes on to its upload call (`POST /upload/video`) while
 * its pieces arrive, the call's end held back until the form is saved
 * (app/platform/early-relays.server.ts). The routes are called as Remix calls them; the upstream
 * is a real HTTP server of this file (msw cannot tell a body that ended from one aborted), which
 * reads each upload as it comes, so that the test sees what the upstream has before the save, and
 * whether the body ended or was cut. A file of its own: it points the process at that upstream.
 */

/** One `POST /upload/video` as the upstream saw it: the bytes so far, and how its body ended. */
interface UpstreamUpload {
  received: number;
  ended: boolean;
  aborted: boolean;
  file?: Uint8Array;
}
const uploads: UpstreamUpload[] = [];
const records: unknown[] = [];
/** How the upstream treats the next upload call: answered 500 at once, its body unread; refused once its body is whole; its connection cut then, unanswered. */
let nextUpload: "store" | "refuseAtOnce" | "refuseWhole" | "cutWhole" = "store";

const bodyOf = (incoming: IncomingMessage, seen?: UpstreamUpload) =>
  new Promise<Buffer | undefined>((resolve) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (seen) seen.received += chunk.length;
    });
    incoming.on("end", () => resolve(Buffer.concat(chunks)));
    incoming.on("close", () => {
      if (incoming.complete) return;
      if (seen) seen.aborted = true;
      resolve(undefined);
    });
  });

const upstreamServer = createServer(async (incoming, answer) => {
  const reply = (status: number, body: unknown) => answer.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  if (incoming.method === "POST" && incoming.url === "/api/upload/video") {
    const seen: UpstreamUpload = { received: 0, ended: false, aborted: false };
    uploads.push(seen);
    const treatment = nextUpload;
    nextUpload = "store";
    if (treatment === "refuseAtOnce") return reply(500, { error: "Penyimpanan penuh" });
    const body = await bodyOf(incoming, seen);
    if (!body) return;
    seen.ended = true;
    if (treatment === "refuseWhole") return reply(422, { error: "Format video tidak didukung" });
    if (treatment === "cutWhole") return incoming.socket.destroy();
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": incoming.headers["content-type"] ?? "" } }).formData();
    seen.file = new Uint8Array(await (form.get("video") as File).arrayBuffer());
    return reply(201, { video_url: `${FILES}/v${uploads.length}.mp4` });
  }
  if (incoming.method === "POST" && incoming.url === "/api/videos") {
    records.push(JSON.parse((await bodyOf(incoming))?.toString() ?? "null"));
    return reply(201, {});
  }
  if (incoming.method === "GET" && incoming.url?.startsWith("/api/videos")) return reply(200, { data: [] });
  reply(404, { message: "Not found" });
});
await new Promise<void>((resolve) => upstreamServer.listen(0, "127.0.0.1", resolve));
const UPSTREAM_ORIGIN = `http://127.0.0.1:${(upstreamServer.address() as AddressInfo).port}`;
const FILES = `${UPSTREAM_ORIGIN}/files`;
vi.stubEnv("UPSTREAM_API_URL", UPSTREAM_ORIGIN);
// Once a body is all sent its answer is due within UPSTREAM_TIMEOUT_MS, 1 s in the unit tests: a
// loaded machine took longer to read 2.5 MiB of form and answer (a clean-clone run answered the
// save 502). No case here is about that deadline.
vi.stubEnv("UPSTREAM_TIMEOUT_MS", "20000");
afterAll(() => new Promise((resolve) => upstreamServer.close(resolve)));

const { sweepExpiredUploads } = await import("~/platform/uploads.server");
const { dropEarlyRelays, startEarlyRelay } = await import("~/platform/early-relays.server");
const { getConfig } = await import("@server/config.server");
const collection = await import("~/routes/admin.uploads");
const single = await import("~/routes/admin.uploads.$uploadId");
const screenRoute = await import("~/routes/admin-screen");

const TUS = { "Tus-Resumable": "1.0.0" };
const context = { clientIp: "127.0.0.1" };
/** An MP4 (its `ftyp` box) of 2.5 MiB: the relay reads the stored file 1 MiB at a time. */
const VIDEO = new Uint8Array(2.5 * 1024 * 1024);
VIDEO.set([0x00, 0x00, 0x00, 0x18, ...new TextEncoder().encode("ftypmp42"), 0x00, 0x00, 0x00, 0x00, ...new TextEncoder().encode("mp42isom")]);
for (let index = 24; index < VIDEO.length; index += 1) VIDEO[index] = index % 251;
const HALF = 1_300_000;
/** Long enough for a loaded machine: the waits below end as soon as what they wait for is seen. */
const SEEN = { timeout: 20_000, interval: 20 };

let cookie: string;
beforeEach(async () => {
  // The real upstream, past msw.
  upstream.use(http.all(`${UPSTREAM_ORIGIN}/*`, () => passthrough()));
  uploads.length = 0;
  records.length = 0;
  cookie = await adminCookie();
  await sweepExpiredUploads(Date.now() + getConfig().resumableUploads.expiryMs + 60_000);
});
/** The uploads each test made: their relays end with it. */
const created: string[] = [];
const configuredHold = getConfig().resumableUploads.uploadRelayHoldMs;
/** This test's hold: the configuration object is the one the relays read. */
const setHold = (ms: number) => (getConfig().resumableUploads.uploadRelayHoldMs = ms);
afterEach(() => {
  dropEarlyRelays(created.splice(0));
  setHold(configuredHold);
});

async function createVideoUpload(size = VIDEO.length, as = cookie) {
  const response = (await collection.action({
    request: request("/admin/uploads", {
      method: "POST",
      cookie: as,
      headers: { ...TUS, "Upload-Length": String(size), "Upload-Metadata": tusMetadata({ screen: "video", field: "video", filename: "tur.mp4" }) },
    }),
    params: {},
    context,
  })) as Response;
  expect(response.status).toBe(201);
  const id = response.headers.get("Location")?.split("/").pop() ?? "";
  created.push(id);
  return id;
}

/** A piece as the browser sends it (a POST naming PATCH); its status. */
const append = async (id: string, offset: number, bytes: Uint8Array, as = cookie) => (await sendPiece(single, id, offset, bytes, as)).status;
const cancel = async (id: string) => (await cancelUpload(single, id, cookie)).status;

/** Another admin's session. */
const adminNumbered = (userId: number) => sessionCookie(3, { token: `token-admin-${userId}`, userId });

const saveVideo = (id: string) =>
  submit(screenRoute, "/admin/video?modal=add", cookie, new URLSearchParams({ intent: "create", title: "Tur lewat unggahan", _upload_video: id }));

/** The save sent the stored file in a call of its own, the second, and the record links what that call stored. */
async function expectSavedBySecondCall(id: string) {
  expect(await saveVideo(id)).toMatchObject({ kind: "redirect" });
  expect(uploads).toHaveLength(2);
  expect(Buffer.from(uploads[1].file ?? [])).toEqual(Buffer.from(VIDEO));
  expect(records[0]).toMatchObject({ link: `${FILES}/v2.mp4` });
}

const storedUploads = async () => (await readdir(getConfig().resumableUploads.directory).catch(() => [] as string[])).filter((name) => /^[0-9a-f]{32}$/.test(name));

describe("a video's resumable upload, relayed as it arrives", () => {
  it("reaches the upstream's upload call piece by piece; the save only ends that call, and the file is sent once", async () => {
    const id = await createVideoUpload();
    expect(await append(id, 0, VIDEO.subarray(0, HALF))).toBe(204);
    // The first piece opened the upload call, which carries what is stored so far.
    await vi.waitFor(() => expect(uploads[0]?.received).toBeGreaterThanOrEqual(HALF), SEEN);
    // The connection dropped; the browser goes on from the offset.
    expect(await append(id, HALF, VIDEO.subarray(HALF))).toBe(204);
    await vi.waitFor(() => expect(uploads[0].received).toBeGreaterThan(VIDEO.length), SEEN);
    // Every byte is upstream, but not the body's end: nothing is stored there until the save.
    expect(uploads[0]).toMatchObject({ ended: false, aborted: false });

    expect(await saveVideo(id)).toMatchObject({ kind: "redirect", location: "/admin/video" });
    expect(uploads).toHaveLength(1);
    expect(uploads[0].ended).toBe(true);
    expect(Buffer.from(uploads[0].file ?? [])).toEqual(Buffer.from(VIDEO));
    expect(records[0]).toMatchObject({ title: "Tur lewat unggahan", link: `${FILES}/v1.mp4` });
    expect(await storedUploads()).toEqual([]);
  });

  it("aborts the call when the upload is cancelled: the upstream stores nothing, and no record is written", async () => {
    const id = await createVideoUpload();
    expect(await append(id, 0, VIDEO.subarray(0, HALF))).toBe(204);
    await vi.waitFor(() => expect(uploads[0]?.received).toBeGreaterThanOrEqual(HALF), SEEN);
    expect(await cancel(id)).toBe(204);
    await vi.waitFor(() => expect(uploads[0]).toMatchObject({ aborted: true, ended: false }), SEEN);
    expect(uploads).toHaveLength(1);
    expect(records).toEqual([]);
  });

  it("aborts the call when the form is not saved within the hold; the save after it sends the stored file", async () => {
    // Long enough for the first piece to reach the relay on a loaded machine, short enough to wait out.
    setHold(1_000);
    const id = await createVideoUpload();
    expect(await append(id, 0, VIDEO)).toBe(204);
    // Nobody saved the form: the held call is given up, its body never ended.
    await vi.waitFor(() => expect(uploads[0]).toMatchObject({ aborted: true, ended: false }), SEEN);

    await expectSavedBySecondCall(id);
  });

  it("a call the upstream refused while the pieces came is made again at the save, with the stored file", async () => {
    nextUpload = "refuseAtOnce";
    const id = await createVideoUpload();
    expect(await append(id, 0, VIDEO.subarray(0, HALF))).toBe(204);
    expect(await append(id, HALF, VIDEO.subarray(HALF))).toBe(204);

    await expectSavedBySecondCall(id);
  });

  it("a refusal the upstream gives once the save ended the body is the save's, the file not sent a second time", async () => {
    nextUpload = "refuseWhole";
    const id = await createVideoUpload();
    expect(await append(id, 0, VIDEO)).toBe(204);
    await vi.waitFor(() => expect(uploads[0]?.received).toBeGreaterThan(VIDEO.length), SEEN);

    const saved = await saveVideo(id);
    expect(saved).toMatchObject({ kind: "data", status: 422, data: { alert: { type: "error", message: "Gagal mengunggah video: Format video tidak didukung" } } });
    expect(uploads).toHaveLength(1);
    expect(records).toEqual([]);
  });

  it("a call cut unanswered once the save ended the body (a proxy's idle limit) is made again with the stored file", async () => {
    nextUpload = "cutWhole";
    const id = await createVideoUpload();
    expect(await append(id, 0, VIDEO)).toBe(204);
    await vi.waitFor(() => expect(uploads[0]?.received).toBeGreaterThan(VIDEO.length), SEEN);

    await expectSavedBySecondCall(id);
  });

  it("holds at most two calls open for one admin: a third upload waits for its save, another admin's does not", async () => {
    const ids = [await createVideoUpload(), await createVideoUpload(), await createVideoUpload()];
    for (const id of ids) expect(await append(id, 0, VIDEO.subarray(0, HALF))).toBe(204);
    const other = await adminNumbered(7);
    const othersId = await createVideoUpload(VIDEO.length, other);
    expect(await append(othersId, 0, VIDEO.subarray(0, HALF), other)).toBe(204);
    await vi.waitFor(() => expect(uploads).toHaveLength(3), SEEN);
    // Nothing more comes of the third: it is sent by its save, as every upload was before.
    expect(await append(ids[2], HALF, VIDEO.subarray(HALF))).toBe(204);
    expect(await saveVideo(ids[2])).toMatchObject({ kind: "redirect" });
    expect(uploads).toHaveLength(4);
    expect(uploads[3]).toMatchObject({ ended: true });
  });

  it("starts at most two relays for one admin and sixteen in the process: past them, the save sends the file", () => {
    const started: string[] = [];
    const never = () => new Promise<string>(() => {});
    const relay = (id: string, owner: string) => {
      created.push(id);
      startEarlyRelay(id, owner, { file: "/nonexistent", size: 1, field: "video", filename: id }, (file) => (started.push(file.filename), never()));
    };
    for (const n of [1, 2, 3]) relay(`admin1-upload${n}`, "1");
    expect(started).toEqual(["admin1-upload1", "admin1-upload2"]);
    for (let owner = 2; owner <= 20; owner += 1) relay(`admin${owner}-upload`, String(owner));
    expect(started).toHaveLength(16);
  });

  it("is off with UPLOAD_RELAY_HOLD_MS=0: the save sends the stored file", async () => {
    setHold(0);
    const id = await createVideoUpload();
    expect(await append(id, 0, VIDEO)).toBe(204);
    expect(uploads).toEqual([]);
    expect(await saveVideo(id)).toMatchObject({ kind: "redirect" });
    expect(uploads).toHaveLength(1);
    expect(uploads[0].ended).toBe(true);
  });
});
