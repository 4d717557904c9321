import { readdir, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { referenceApiToken } from "../../e2e/helpers/reference-api.ts";
import type { BenchRow, BenchSuite } from "../types.ts";
import { adminCookie, MiB, rssOf, withBenchStack } from "../support.ts";

/**
 * Issue 8, point 3: a 1 GiB video sent through the BFF's streamed upload (the video form, relayed
 * to the upstream's upload call) against the same bytes sent straight to that upload call, in
 * the same run, alternated (direct, BFF, BFF, direct, direct, BFF). The BFF's resident memory is
 * sampled from /proc during its uploads. The bytes are generated on the fly; the file each upload
 * stored upstream is deleted before the next one starts, so that every upload meets the same disk
 * (without that, each one waited longer on the writeback of the gigabytes before it, whichever
 * way it came).
 */

const VIDEO_BYTES = 1024 * MiB;
/** Alternated so that neither way always meets the disk first or last. */
const ORDER = ["direct", "bff", "bff", "direct", "direct", "bff"] as const;
const UPLOADS_EACH_WAY = ORDER.length / 2;
const TARGET_THROUGHPUT_RATIO = 0.8;
const TARGET_GROWTH_MIB = 64;
const BOUNDARY = "----BenchUploadBoundary7MA4YWxkTrZu0gW";

/** The first bytes of an MP4 (an `ftyp` box), which the upstream checks, then zeros. */
function* videoBytes(): Generator<Buffer> {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(4), Buffer.from("mp42isom")]);
  const first = Buffer.concat([head, Buffer.alloc(MiB - head.length)]);
  const zeros = Buffer.alloc(MiB);
  for (let sent = 0; sent < VIDEO_BYTES; sent += MiB) yield sent === 0 ? first : zeros;
}

function multipart(fields: Record<string, string>, fileField: string): ReadableStream<Uint8Array> {
  async function* parts(): AsyncGenerator<Buffer> {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="besar.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    yield* videoBytes();
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>;
}

/** Sends the upload; seconds until the answer, which must be `expectedStatus`. */
async function timedUpload(url: string, headers: Record<string, string>, body: ReadableStream<Uint8Array>, expectedStatus: number): Promise<number> {
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

const suite: BenchSuite = {
  name: "upload",
  async run() {
    return withBenchStack({}, async ({ api, bff }) => {
      const token = await referenceApiToken(api.url);
      const cookie = await adminCookie(bff.url);
      const bffPid = bff.proc.pid;

      const filesDir = path.join(api.dataDir, "files");
      const seeded = new Set(await readdir(filesDir));
      const removeUploaded = async () => {
        for (const name of await readdir(filesDir)) if (!seeded.has(name)) await unlink(path.join(filesDir, name));
      };
      const direct = () => timedUpload(`${api!.url}/api/upload/video`, { Authorization: `Bearer ${token}` }, multipart({}, "video"), 201);
      let baseline = 0;
      let peak = 0;
      const throughBff = async () => {
        baseline = Math.max(baseline, await rssOf(bffPid));
        let sampling = true;
        const sampler = (async () => {
          while (sampling) {
            peak = Math.max(peak, await rssOf(bffPid).catch(() => 0));
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })();
        try {
          return await timedUpload(`${bff!.url}/admin/video?modal=add`, { Cookie: cookie }, multipart({ intent: "create", title: "Video besar" }, "video"), 302);
        } finally {
          sampling = false;
          await sampler;
        }
      };

      let directSeconds = 0;
      let bffSeconds = 0;
      for (const way of ORDER) {
        if (way === "direct") directSeconds += await direct();
        else bffSeconds += await throughBff();
        await removeUploaded();
      }

      const directRate = (UPLOADS_EACH_WAY * VIDEO_BYTES) / MiB / directSeconds;
      const bffRate = (UPLOADS_EACH_WAY * VIDEO_BYTES) / MiB / bffSeconds;
      const ratio = bffRate / directRate;
      const growthMiB = (peak - baseline) / MiB;
      const rows: BenchRow[] = [
        { bench: "upload 1 GiB", metric: "straight to the upstream", value: directRate, unit: "MiB/s" },
        { bench: "upload 1 GiB", metric: "through the BFF", value: bffRate, unit: "MiB/s" },
        { bench: "upload 1 GiB", metric: "through the BFF / straight", value: ratio, unit: "x", target: `>= ${TARGET_THROUGHPUT_RATIO}`, met: ratio >= TARGET_THROUGHPUT_RATIO },
        { bench: "upload 1 GiB", metric: "BFF resident memory before", value: baseline / MiB, unit: "MiB" },
        { bench: "upload 1 GiB", metric: "BFF peak memory growth", value: growthMiB, unit: "MiB", target: `<= ${TARGET_GROWTH_MIB}`, met: growthMiB <= TARGET_GROWTH_MIB },
      ];
      return rows;
    });
  },
};

export default suite;
