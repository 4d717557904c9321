import { readdir, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { CHUNK_BYTES } from "~/components/admin/upload-file";
import { tusMetadata } from "../helpers/tus.ts";
import { MiB, rssOf } from "./support.ts";

/**
 * A 1 GiB video sent to the upstream or the BFF, for the upload suites (`suites/upload.ts`,
 * `suites/resumable-upload.ts`). The bytes are generated on the fly: an MP4 header, which the
 * upstream checks, then zeros.
 */

export const VIDEO_BYTES = 1024 * MiB;
const BOUNDARY = "----BenchUploadBoundary7MA4YWxkTrZu0gW";
const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(4), Buffer.from("mp42isom")]);
const ZEROS = Buffer.alloc(MiB);

/** The video's bytes from `start` to `end`, at most 1 MiB at a time. */
function* videoBytes(start = 0, end = VIDEO_BYTES): Generator<Buffer> {
  for (let at = start; at < end; ) {
    const size = Math.min(MiB - (at % MiB), end - at);
    yield at === 0 ? Buffer.concat([MP4_HEAD, ZEROS.subarray(0, size - MP4_HEAD.length)]) : ZEROS.subarray(0, size);
    at += size;
  }
}

export type Line = (bytes: Iterable<Buffer>) => AsyncGenerator<Buffer>;

/** A client's line: bytes go out no faster than `bytesPerSecond` over its life (none: as fast as they are read). */
export function line(bytesPerSecond?: number): Line {
  const opened = performance.now();
  let sent = 0;
  return async function* through(bytes) {
    for (const piece of bytes) {
      sent += piece.length;
      const due = bytesPerSecond ? (sent / bytesPerSecond) * 1000 - (performance.now() - opened) : 0;
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      yield piece;
    }
  };
}

/** A multipart body of the fields and the video as `fileField`, sent over `overLine`. */
export function multipart(fields: Record<string, string>, fileField: string, overLine = line()): ReadableStream<Uint8Array> {
  async function* parts(): AsyncGenerator<Buffer> {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="besar.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    yield* overLine(videoBytes());
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>;
}

/** Sends a multipart upload; seconds until the answer, which must be `expectedStatus`. */
export async function timedUpload(url: string, headers: Record<string, string>, body: ReadableStream<Uint8Array>, expectedStatus: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { ...headers, "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: "half",
    redirect: "manual",
  } as RequestInit);
  await response.arrayBuffer();
  if (response.status !== expectedStatus) throw new Error(`POST ${url} answered ${response.status}, expected ${expectedStatus}`);
  return (performance.now() - started) / 1000;
}

/** The video through the BFF's video form as one streamed POST (the way without JavaScript); seconds to the saved record. */
export function postVideoForm(bffUrl: string, cookie: string, overLine = line()): Promise<number> {
  return timedUpload(`${bffUrl}/admin/video?modal=add`, { Cookie: cookie }, multipart({ intent: "create", title: "Video besar" }, "video", overLine), 302);
}


/**
 * The video as the admin's browser sends it with JavaScript (tus-js-client's requests: a POST
 * creating the upload, then pieces of the browser's size as POSTs naming PATCH), the connection
 * cut once `cutAt` bytes are sent, then the offset asked (HEAD) and the rest sent from there;
 * then the form naming the upload. Seconds until the record is saved, and every byte the client
 * put on the wire.
 */
export async function resumableVideoForm(bffUrl: string, cookie: string, cutAt: number, overLine = line()): Promise<{ seconds: number; sentBytes: number }> {
  const started = performance.now();
  const tus = { Cookie: cookie, "Tus-Resumable": "1.0.0" };
  const created = await fetch(`${bffUrl}/admin/uploads`, {
    method: "POST",
    headers: { ...tus, "Upload-Length": String(VIDEO_BYTES), "Upload-Metadata": tusMetadata({ screen: "video", field: "video", filename: "besar.mp4" }) },
  });
  if (created.status !== 201) throw new Error(`creating the upload answered ${created.status}: ${await created.text()}`);
  const uploadUrl = new URL(created.headers.get("Location")!, bffUrl).href;

  let sentBytes = 0;
  let offset = 0;
  let cut = false;
  while (offset < VIDEO_BYTES) {
    const end = Math.min(offset + CHUNK_BYTES, VIDEO_BYTES);
    const cutHere = !cut && offset < cutAt && cutAt < end;
    const connection = new AbortController();
    async function* piece(): AsyncGenerator<Buffer> {
      for await (const bytes of overLine(videoBytes(offset, cutHere ? cutAt : end))) {
        sentBytes += bytes.length;
        yield bytes;
      }
      // The connection drops here: what was on its way is lost.
      if (cutHere) connection.abort();
    }
    try {
      const response = await fetch(uploadUrl, {
        method: "POST",
        headers: { ...tus, "X-HTTP-Method-Override": "PATCH", "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream", "Content-Length": String(end - offset) },
        body: Readable.toWeb(Readable.from(piece())) as ReadableStream<Uint8Array>,
        duplex: "half",
        signal: connection.signal,
      } as RequestInit);
      await response.arrayBuffer();
      if (response.status !== 204) throw new Error(`a piece answered ${response.status}`);
      offset = Number(response.headers.get("Upload-Offset"));
    } catch (error) {
      if (!cutHere) throw error;
      cut = true;
      const head = await fetch(uploadUrl, { method: "HEAD", headers: tus });
      if (head.status !== 200) throw new Error(`asking the offset answered ${head.status}`, { cause: error });
      offset = Number(head.headers.get("Upload-Offset"));
    }
  }
  if (!cut) throw new Error("the upload was never cut");
  const saved = await fetch(`${bffUrl}/admin/video?modal=add`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: new URLSearchParams({ intent: "create", title: "Video besar", _upload_video: uploadUrl.split("/").pop()! }),
    redirect: "manual",
  });
  await saved.arrayBuffer();
  if (saved.status !== 302) throw new Error(`saving the form answered ${saved.status}`);
  return { seconds: (performance.now() - started) / 1000, sentBytes };
}

/**
 * Deletes what the uploads stored upstream, so that every upload meets the same disk (without
 * that, each one waited longer on the writeback of the gigabytes before it, whichever way it came).
 */
export async function upstreamFileSweeper(upstreamDataDir: string): Promise<() => Promise<void>> {
  const filesDir = path.join(upstreamDataDir, "files");
  const seeded = new Set(await readdir(filesDir));
  return async () => {
    for (const name of await readdir(filesDir)) if (!seeded.has(name)) await unlink(path.join(filesDir, name));
  };
}

/** A process's highest resident memory just before a measured run, and its peak during any of them. */
export function memoryWatch(pid: number) {
  const memory = { baseline: 0, peak: 0 };
  return {
    memory,
    /** Growth of the peak over the baseline, in MiB. */
    growthMiB: () => (memory.peak - memory.baseline) / MiB,
    async during<T>(run: () => Promise<T>): Promise<T> {
      memory.baseline = Math.max(memory.baseline, await rssOf(pid));
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          memory.peak = Math.max(memory.peak, await rssOf(pid).catch(() => 0));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      try {
        return await run();
      } finally {
        sampling = false;
        await sampler;
      }
    },
  };
}
