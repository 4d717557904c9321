import { mkdirSync } from "node:fs";
import { open, readdir, readFile, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { FileStore } from "@tus/file-store";
import { MemoryLocker, Server, type Upload } from "@tus/server";
import { FILE_MESSAGES } from "~/lib/file-kinds";
import { MESSAGES } from "~/config/messages";
import { getConfig } from "@server/config.server";
import { isFileSystemError } from "@server/data-dir.server";
import { errorFields, log } from "@server/log.server";
import type { AdminContext } from "./auth.server.ts";
import { startEarlyRelay } from "./early-relays.server.ts";
import { storedFileRefusal } from "./file-ends.server.ts";
import type { FilePart, FileRule } from "./multipart.server.ts";
import { RedisUnavailable, usesRedis } from "./redis.server.ts";
import { LOCK_DRAIN_MS, redisUploadLocker, shutdownAwareLocker } from "./upload-locker.server.ts";
import type { UpstreamClient } from "./upstream.server.ts";
import { ReservingFileStore } from "./upload-store.server.ts";
import { memoryReservations, redisReservations, reservedBytesOf, type Reservations, type Verdict } from "./upload-reservations.server.ts";

/**
 * Resumable uploads (issue 23, the tus protocol): with JavaScript, the admin's browser sends each
 * chosen file to `/admin/uploads` first (tus-js-client), in a way that resumes from where a
 * dropped connection stopped; the form is then posted naming the finished uploads, and the
 * screen's action relays them to the upstream as if they had come in the form's own body
 * (app/admin-kit/server/screen/stored-uploads.server.ts). Without JavaScript the form streams its
 * files as before.
 *
 * - Stored by @tus/file-store under DATA_DIR/uploads, each upload with its JSON description.
 *   Processes on one machine share DATA_DIR, so they share the uploads; with REDIS_URL they share
 *   each upload's lock too (upload-locker.server.ts), so a piece may reach any of them.
 * - Every request is an admin's (the route checks the role first), and an upload is its creator's.
 * - The field's size limit applies from `Upload-Length`, before a byte is stored. A new upload
 *   reserves its size and metadata (upload-reservations.server.ts) within the disk all uploads may
 *   take (`UPLOAD_DISK_MAX_BYTES`, 507 past it) and one admin's share and count of them
 *   (`UPLOAD_ADMIN_MAX_BYTES`, `UPLOAD_ADMIN_MAX_COUNT`, 429: the admin's own uploads are in the
 *   way, and tus-js-client does not retry a 4xx); deleting it releases them. A finished upload is
 *   checked by its first bytes and its end (file-ends.server.ts), as the form's files are.
 * - An upload left unfinished, or finished and never saved, is deleted after `UPLOAD_EXPIRY_MS`;
 *   one that has received no byte after `UPLOAD_UNSTARTED_EXPIRY_MS` (`sweepExpiredUploads`).
 */

export const UPLOADS_PATH = "/admin/uploads";

/** A tus upload id as @tus/server makes them (16 random bytes in hex): nothing else reaches the file store. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The upload a URL names: its path's last part, one of ours (@tus/server's own reading takes the query too: "/<mine>?x=/<another's>.json"). */
function uploadIdOf(url: string): string | undefined {
  const id = new URL(url).pathname.split("/").pop() ?? "";
  return UPLOAD_ID.test(id) ? id : undefined;
}

/** Set by the route from the admin's session, never from the browser: whose upload this is. */
const ADMIN_HEADER = "x-dispusip-admin";

/** What an upload's metadata says it is for: a file field of a screen's form. */
export interface UploadTarget {
  screen: string;
  field: string;
}

/** What the screens say of their file fields: each one's rule, and the upload call that may start while its upload arrives. */
export interface FieldUploads {
  ruleOf(target: UploadTarget): FileRule | undefined;
  /** Sends a file alone to the field's own upload call (early-relays.server.ts); undefined for a field the record's save sends. */
  earlyUploadOf(target: UploadTarget): ((api: UpstreamClient, file: FilePart, signal: AbortSignal) => Promise<string>) | undefined;
}

export const UPLOAD_MESSAGES = {
  unknownField: "Unggahan tidak dikenal. Silakan muat ulang halaman.",
  lengthRequired: "Ukuran berkas harus diketahui sebelum diunggah.",
  diskFull: "Ruang unggahan sementara sedang penuh. Silakan coba lagi nanti.",
  adminCount: "Terlalu banyak unggahan yang belum selesai. Selesaikan atau batalkan unggahan lain terlebih dahulu.",
  adminBytes: "Unggahan Anda yang belum selesai sudah memakai seluruh ruang yang disediakan untuk Anda. Selesaikan atau batalkan unggahan lain terlebih dahulu.",
  notFound: "Unggahan tidak ditemukan atau sudah kedaluwarsa. Silakan pilih berkasnya lagi.",
  unfinished: "Unggahan belum selesai. Silakan tunggu atau pilih berkasnya lagi.",
  /** The upload folder (DATA_DIR/uploads) could not be written or read: a disk or permission problem of the server's. */
  storageFailed: "Berkas tidak dapat disimpan sementara di server saat ini. Silakan coba lagi nanti.",
  failed: "Unggahan gagal diproses. Silakan coba lagi.",
  /** @tus/server's own refusals, in English there: a request no client of ours sends, an offset another tab moved, more bytes than announced. */
  invalidRequest: "Permintaan unggahan tidak valid. Silakan muat ulang halaman, lalu pilih berkasnya lagi.",
  offsetConflict: "Unggahan ini sudah berlanjut di tempat lain (tab lain?). Silakan coba lagi.",
  sizeExceeded: "Berkas lebih besar dari ukuran yang disebutkan saat unggahan dimulai. Silakan pilih berkasnya lagi.",
};

/** @tus/server's own 4xx by status, in Indonesian (its bodies are English). */
const TUS_REFUSALS: Record<number, string> = {
  404: UPLOAD_MESSAGES.notFound,
  409: UPLOAD_MESSAGES.offsetConflict,
  410: UPLOAD_MESSAGES.notFound,
  413: UPLOAD_MESSAGES.sizeExceeded,
};
const tusRefusalText = (status: number) => TUS_REFUSALS[status] ?? UPLOAD_MESSAGES.invalidRequest;

/** A refusal the tus server sends as it is: its status and an Indonesian text. */
function refusal(status_code: number, body: string): { status_code: number; body: string } {
  const answer = { status_code, body };
  ours.add(answer);
  return answer;
}
/** The refusals made here (already Indonesian), told apart from @tus/server's own. */
const ours = new WeakSet<object>();

/** Each refusal of a reservation: its status and its message. */
const REFUSED: Record<Exclude<Verdict, "reserved">, [number, string]> = {
  disk: [507, UPLOAD_MESSAGES.diskFull],
  adminBytes: [429, UPLOAD_MESSAGES.adminBytes],
  adminCount: [429, UPLOAD_MESSAGES.adminCount],
};

interface Uploads {
  server: Server;
  store: FileStore;
  directory: string;
  reservations: Reservations;
}

/** Any error of a tus request as an Indonesian answer: ours as it is, @tus/server's in Indonesian, a disk failure 503, anything else 500. */
function answerOfError(error: Error | { status_code: number; body: string }): { status_code: number; body: string } | undefined {
  if (isFileSystemError(error)) {
    log("upload_storage_failed", { code: error.code, ...errorFields(error) });
    return refusal(503, UPLOAD_MESSAGES.storageFailed);
  }
  // Our refusals and @tus/utils' own errors carry a status: one under 500 is the client's, its status kept.
  const status = "status_code" in error && typeof error.status_code === "number" ? error.status_code : 500;
  if (ours.has(error)) return undefined;
  if (status < 500) return refusal(status, tusRefusalText(status));
  log("upload_failed", { status, ...(error instanceof Error ? errorFields(error) : { error: error.body }) });
  return refusal(500, UPLOAD_MESSAGES.failed);
}

let uploads: Uploads | undefined;
let ruleOfField: FieldUploads["ruleOf"] = () => undefined;

function targetOf(upload: Upload): UploadTarget | undefined {
  const screen = upload.metadata?.screen;
  const field = upload.metadata?.field;
  return screen && field ? { screen, field } : undefined;
}

/** Reserves the upload's disk for its admin; throws the refusal when a limit is reached. */
async function reserve(reservations: Reservations, upload: Upload, admin: string, metadata: Record<string, string | null>): Promise<void> {
  let verdict: Verdict;
  try {
    verdict = await reservations.reserve({ id: upload.id, admin, bytes: reservedBytesOf(upload.size ?? 0, metadata), created: Date.now() });
  } catch (error) {
    if (!(error instanceof RedisUnavailable)) throw error;
    log("upload_reservation_unavailable", { upload: upload.id, reason: error.message });
    throw refusal(503, MESSAGES.upstreamUnavailable);
  }
  if (verdict !== "reserved") throw refusal(...REFUSED[verdict]);
}

function resumableUploads(): Uploads {
  if (uploads) return uploads;
  const { directory, expiryMs, unstartedExpiryMs, ...limits } = getConfig().resumableUploads;
  // Normally made at start already; a failure here is this request's (503), never the process's.
  mkdirSync(directory, { recursive: true });
  const reservations = (usesRedis() ? redisReservations : memoryReservations)(directory, limits);
  const store = new ReservingFileStore({ directory, expirationPeriodInMilliseconds: expiryMs }, reservations);
  const server = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    // One process: @tus/server's own lock in memory. Several sharing Redis: one lock for them all.
    // Either way a shutdown asks every held lock back (releaseUploadLocks).
    locker: shutdownAwareLocker(usesRedis() ? redisUploadLocker() : new MemoryLocker()),
    // How long a request asked to let go of its lock may take to end (the Redis lock's lease allows for it).
    lockDrainTimeout: LOCK_DRAIN_MS,
    relativeLocation: true,
    getFileIdFromRequest: (request) => uploadIdOf(request.url),
    onResponseError: (_request, error) => answerOfError(error),
    async onUploadCreate(request, upload) {
      const admin = request.headers.get(ADMIN_HEADER);
      const target = targetOf(upload);
      const rule = target ? ruleOfField(target) : undefined;
      if (!admin || !rule) throw refusal(400, UPLOAD_MESSAGES.unknownField);
      if (upload.sizeIsDeferred || upload.size === undefined) throw refusal(400, UPLOAD_MESSAGES.lengthRequired);
      if (upload.size > rule.maxBytes) throw refusal(413, FILE_MESSAGES.tooLarge(rule.maxBytes));
      const metadata = { ...upload.metadata, admin };
      await reserve(reservations, upload, admin, metadata);
      return { metadata };
    },
    async onIncomingRequest(request, uploadId) {
      // Only its creator may resume, read the offset of, or delete an upload.
      if (request.method === "POST") return;
      // Refused unless it is known and this admin's (an upload without its description is no one's to touch);
      // a disk that cannot be read is its own failure (503, `answerOfError`), not "not found": the upload may go on.
      const upload = await store.getUpload(uploadId).catch((error: unknown) => {
        if (isFileSystemError(error) && error.code !== "ENOENT") throw error;
        return undefined;
      });
      if (upload?.metadata?.admin !== request.headers.get(ADMIN_HEADER)) throw refusal(404, UPLOAD_MESSAGES.notFound);
    },
    async onUploadFinish(_request, upload) {
      const target = targetOf(upload);
      const rule = target ? ruleOfField(target) : undefined;
      // Its kind by its first bytes, its end by its last (a picture decoded whole), as the save will check them again.
      const refused = rule ? await storedFileRefusal(path.join(directory, upload.id), rule.kind) : { status: 415, message: UPLOAD_MESSAGES.unknownField };
      if (refused) {
        await store.remove(upload.id).catch(() => undefined);
        throw refusal(refused.status, refused.message);
      }
      return {};
    },
  });
  // An unstarted upload lives at most a quarter longer than UPLOAD_UNSTARTED_EXPIRY_MS.
  const sweep = setInterval(
    () => void sweepExpiredUploads().catch((error: unknown) => log("uploads_cleanup_failed", errorFields(error))),
    Math.min(expiryMs, unstartedExpiryMs, 60 * 60 * 1000) / 4,
  );
  sweep.unref();
  uploads = { server, store, directory, reservations };
  return uploads;
}

/**
 * At the process's start (server/index.ts, after Redis): the upload store, its reservations
 * counted from what is on disk, and its sweep, at once rather than at the first upload, so that
 * uploads abandoned before a restart expire and the disk gauge is right from the first scrape.
 * A failure is logged, not fatal: DATA_DIR was checked just before, and each upload request
 * answers a failure of its own with 503.
 */
export async function startUploads(): Promise<void> {
  try {
    await sweepExpiredUploads();
  } catch (error) {
    log("uploads_start_failed", errorFields(error));
  }
}

/** A reservation whose upload is not on disk this long after it was made has lost its release. */
const VANISHED_AFTER_MS = 10 * 60 * 1000;

/**
 * Deletes every upload older than `UPLOAD_EXPIRY_MS`: unfinished (left when the browser gave up)
 * or finished and never saved (the form was closed); and every upload that has received no byte
 * after `UPLOAD_UNSTARTED_EXPIRY_MS` (created, never sent). @tus/file-store's own sweep leaves
 * the finished ones, which would hold their disk for ever. Deleting releases their reservations;
 * a reservation left without its upload is released too. Returns how many uploads it deleted.
 */
export async function sweepExpiredUploads(now = Date.now()): Promise<number> {
  const { store, directory, reservations } = resumableUploads();
  const { expiryMs, unstartedExpiryMs } = getConfig().resumableUploads;
  let deleted = 0;
  for (const name of await readdir(directory).catch(() => [] as string[])) {
    const id = name.replace(/\.json$/, "");
    if (id === name || !UPLOAD_ID.test(id)) continue;
    const created = await readFile(path.join(directory, name), "utf8")
      .then((text) => Date.parse((JSON.parse(text) as { creation_date?: string }).creation_date ?? ""))
      .catch(() => Number.NaN);
    if (!Number.isFinite(created)) continue;
    const age = now - created;
    const unstarted = age > unstartedExpiryMs && (await stat(path.join(directory, id)).then((file) => file.size === 0, () => false));
    if (age > expiryMs || unstarted) {
      await store.remove(id).catch(() => undefined);
      deleted += 1;
    }
  }
  await reservations.releaseVanished(now - VANISHED_AFTER_MS).catch((error: unknown) => log("upload_reservations_cleanup_failed", errorFields(error)));
  return deleted;
}

/**
 * Answers one tus request of an admin (the route has checked the role): the request goes on
 * with the admin's id in a header of ours, replacing any the browser sent.
 */
export async function handleUploadRequest(admin: AdminContext, request: Request, fields: FieldUploads): Promise<Response> {
  ruleOfField = fields.ruleOf;
  const headers = new Headers(request.headers);
  headers.set(ADMIN_HEADER, String(admin.user.id));
  // The process takes GET, HEAD and POST only: the browser sends PATCH and DELETE as a POST that
  // names them (tus-js-client's `overridePatchMethod`), which @tus/server does not read itself.
  const override = request.method === "POST" ? request.headers.get("x-http-method-override")?.toUpperCase() : undefined;
  const method = override === "PATCH" || override === "DELETE" ? override : request.method;
  headers.delete("x-http-method-override");
  const init: RequestInit & { duplex?: "half" } = { method, headers, ...(method === "POST" || method === "PATCH" ? { body: request.body, duplex: "half" } : {}) };
  let server: Server;
  try {
    server = resumableUploads().server;
  } catch (error) {
    if (!isFileSystemError(error)) throw error;
    log("upload_storage_failed", { code: error.code, ...errorFields(error) });
    return new Response(UPLOAD_MESSAGES.storageFailed, { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const firstPiece = method === "PATCH" && request.headers.get("upload-offset") === "0" ? uploadIdOf(request.url) : undefined;
  if (firstPiece) await relayFromFirstPiece(admin, firstPiece, fields.earlyUploadOf);
  return inIndonesian(await server.handleWeb(new Request(request.url, init)));
}

/** At an upload's first piece (no other reads its description again), its early relay (early-relays.server.ts) when its field's upload call takes the file alone. */
async function relayFromFirstPiece(admin: AdminContext, id: string, earlyUploadOf: FieldUploads["earlyUploadOf"]): Promise<void> {
  const { upload, target } = (await ownedUpload(admin, id)) ?? {};
  const send = target && earlyUploadOf(target);
  if (!upload || !target || !send || upload.offset !== 0 || upload.size === undefined) return;
  startEarlyRelay(id, String(admin.user.id), { file: path.join(resumableUploads().directory, id), size: upload.size, field: target.field, filename: upload.metadata?.filename ?? id }, (part, signal) => send(admin.outlastingVisitor().api, part, signal));
}

/** Upload `id`'s description and the field it is for, when it is this admin's. */
async function ownedUpload(admin: AdminContext, id: string): Promise<{ upload: Upload; target: UploadTarget | undefined } | undefined> {
  const upload = await resumableUploads().store.getUpload(id).catch(() => undefined);
  return upload?.metadata?.admin === String(admin.user.id) ? { upload, target: targetOf(upload) } : undefined;
}

/** What @tus/server writes itself before any handler (a request no client of ours sends): English text. */
const TUS_OWN_REFUSAL = /^(Tus-Resumable Required|Invalid [\w -]+|Not found)\n$/;

async function inIndonesian(response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500 || !TUS_OWN_REFUSAL.test(await response.clone().text())) return response;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(tusRefusalText(response.status), { status: response.status, headers });
}

/** This admin's resumable uploads not yet saved with their form (a closed tab, a form left open), and their bytes. */
export async function unsavedUploads(admin: AdminContext): Promise<{ count: number; bytes: number }> {
  const { count, bytes } = await resumableUploads().reservations.usage(String(admin.user.id));
  return { count, bytes };
}

/**
 * A finished upload of this admin for this field, its file open for the caller to read and close;
 * a refusal message (and its status) otherwise.
 */
export async function storedUpload(
  admin: AdminContext,
  id: string,
  target: UploadTarget,
): Promise<{ upload: Upload; file: FileHandle; filename: string } | { refusal: string; status?: 503 }> {
  if (!UPLOAD_ID.test(id)) return { refusal: UPLOAD_MESSAGES.notFound };
  const { upload, target: uploadedFor } = (await ownedUpload(admin, id)) ?? {};
  if (!upload || uploadedFor?.screen !== target.screen || uploadedFor.field !== target.field) return { refusal: UPLOAD_MESSAGES.notFound };
  if (upload.size === undefined || upload.offset < upload.size) return { refusal: UPLOAD_MESSAGES.unfinished };
  try {
    // Open now: deleted from here on (a cancel in another tab, the sweep), its bytes stay this save's.
    return { upload, file: await open(path.join(resumableUploads().directory, upload.id)), filename: upload.metadata?.filename ?? upload.id };
  } catch (error) {
    if (!isFileSystemError(error)) throw error;
    // Deleted since it was found: gone, as if it had been a moment earlier.
    if (error.code === "ENOENT") return { refusal: UPLOAD_MESSAGES.notFound };
    log("upload_storage_failed", { code: error.code, ...errorFields(error) });
    return { refusal: UPLOAD_MESSAGES.storageFailed, status: 503 };
  }
}

/** Deletes saved uploads: the upstream has them now. */
export async function removeUploads(ids: string[]): Promise<void> {
  const { store } = resumableUploads();
  for (const id of ids) await store.remove(id).catch(() => undefined);
}
