import sharp from "sharp";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { loader as coverLoader } from "~/routes/covers.$name";
import { loader as fileLoader } from "~/routes/files.$name";
import { request } from "../helpers/sessions";
import { recordUpstreamCalls, upstream } from "../mocks/upstream";

const FILES = "http://upstream.test/files";
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/**
 * Resolves after a turn of the event loop in which `count` did not change. msw's answers and the
 * streams between them and the site move bytes held in memory, in ticks and microtasks, all run
 * before the turn ends: once a whole turn has passed without a change, nothing more moves.
 */
async function stillAfterATurn(count: () => number): Promise<void> {
  for (let before = Number.NaN; before !== count(); ) {
    before = count();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function get(path: string, name: string, headers: HeadersInit = {}) {
  return fileLoader({ request: request(path, { headers }), params: { name }, context: { clientIp: "127.0.0.1" } });
}

describe("file proxy", () => {
  it("streams a stored file with its type, a cache lifetime and its validators", async () => {
    upstream.use(
      http.get(`${FILES}/foto.png`, () =>
        new HttpResponse(PNG, { headers: { "content-type": "image/png", etag: '"abc"', "last-modified": "Wed, 20 Nov 2024 00:00:00 GMT", "set-cookie": "x=1" } }),
      ),
    );
    const response = await get("/files/foto.png", "foto.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("etag")).toBe('"abc"');
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it("passes conditional requests on, answering 304 without a body", async () => {
    upstream.use(
      http.get(`${FILES}/foto.png`, ({ request: upstreamRequest }) =>
        upstreamRequest.headers.get("if-none-match") === '"abc"'
          ? new HttpResponse(null, { status: 304, headers: { etag: '"abc"' } })
          : new HttpResponse(PNG, { headers: { etag: '"abc"' } }),
      ),
    );
    const response = await get("/files/foto.png", "foto.png", { "If-None-Match": '"abc"' });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe("");
  });

  it("answers 404 for a missing file", async () => {
    upstream.use(http.get(`${FILES}/hilang.png`, () => HttpResponse.json({ error: "Berkas tidak ditemukan" }, { status: 404 })));
    expect((await get("/files/hilang.png", "hilang.png")).status).toBe(404);
  });

  it("answers a missing cover 404 with a drawn cover as its body, which the page shows instead of a broken image", async () => {
    upstream.use(http.get("http://upstream.test/covers/hilang.jpg", () => HttpResponse.json({ error: "Berkas tidak ditemukan" }, { status: 404 })));
    const response = await coverLoader({ request: request("/covers/hilang.jpg"), params: { name: "hilang.jpg" }, context: { clientIp: "127.0.0.1" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(await response.text()).toMatch(/^<svg[\s\S]*Sampul tidak tersedia[\s\S]*<\/svg>$/);
  });

  it("refuses traversal with 400 and never asks the upstream", async () => {
    const calls = recordUpstreamCalls();
    for (const [path, name] of [
      ["/files/..", ".."],
      ["/files/..%2F..%2Fetc%2Fpasswd", "../../etc/passwd"],
      ["/files/%2e%2e%2fsecret", "../secret"],
      ["/files/a%5Cb", "a\\b"],
      ["/files/a%00.png", "a\u0000.png"],
      ["/files/.env", ".env"],
    ]) {
      expect((await get(path, name)).status, path).toBe(400);
    }
    expect(calls).toEqual([]);
  });

  it("serves covers from the cover path", async () => {
    upstream.use(http.get("http://upstream.test/covers/sampul.png", () => new HttpResponse(PNG, { headers: { "content-type": "image/png" } })));
    const response = await coverLoader({ request: request("/covers/sampul.png"), params: { name: "sampul.png" }, context: { clientIp: "x" } });
    expect(response.status).toBe(200);
  });

  it("answers 502 when the upstream cannot be reached", async () => {
    upstream.use(http.get(`${FILES}/foto.png`, () => HttpResponse.error()));
    expect((await get("/files/foto.png", "foto.png")).status).toBe(502);
  });
});

/** A 1,000-byte file whose every byte says where it is (mod 251), so a wrong offset shows. */
const FILE = Uint8Array.from({ length: 1000 }, (_, index) => index % 251);
const LAST_MODIFIED = "Wed, 20 Nov 2024 00:00:00 GMT";

/** Headers every upstream answer about FILE below carries; `etag: null` leaves the ETag out. */
function fileHeaders(etag: string | null = '"v1"'): Record<string, string> {
  return { "content-type": "video/mp4", "last-modified": LAST_MODIFIED, ...(etag ? { etag } : {}) };
}

/** An upstream that ignores Range and conditional headers: always 200 with the whole file. */
function ignoringUpstream(etag: string | null = '"v1"') {
  const asked: Headers[] = [];
  upstream.use(
    http.get(`${FILES}/video.mp4`, ({ request: upstreamRequest }) => {
      asked.push(upstreamRequest.headers);
      return new HttpResponse(FILE, { headers: { ...fileHeaders(etag), "content-length": String(FILE.length) } });
    }),
  );
  return asked;
}

/** An upstream that cuts the range itself (one range, as Express's sendFile). */
function honouringUpstream() {
  const asked: Headers[] = [];
  upstream.use(
    http.get(`${FILES}/video.mp4`, ({ request: upstreamRequest }) => {
      asked.push(upstreamRequest.headers);
      const match = /^bytes=(\d+)-(\d*)$/.exec(upstreamRequest.headers.get("range") ?? "");
      if (!match) return new HttpResponse(FILE, { headers: { ...fileHeaders(), "content-length": String(FILE.length), "accept-ranges": "bytes" } });
      const start = Number(match[1]);
      if (start >= FILE.length) return new HttpResponse(null, { status: 416, headers: { "content-range": `bytes */${FILE.length}` } });
      const end = Math.min(FILE.length - 1, match[2] ? Number(match[2]) : FILE.length - 1);
      return new HttpResponse(FILE.slice(start, end + 1), {
        status: 206,
        headers: { ...fileHeaders(), "content-range": `bytes ${start}-${end}/${FILE.length}`, "content-length": String(end - start + 1) },
      });
    }),
  );
  return asked;
}

const getVideo = (headers: HeadersInit = {}) => get("/files/video.mp4", "video.mp4", headers);

describe("file proxy: ranges from an upstream that ignores them (cut here)", () => {
  it.each([
    ["bytes=0-99", 0, 99],
    ["bytes=100-", 100, 999],
    ["bytes=-100", 900, 999],
    ["bytes=990-5000", 990, 999],
    // A suffix longer than the file is the whole file (RFC 9110 §14.1.2).
    ["bytes=-5000", 0, 999],
  ])("%s: 206 with its bytes, Content-Range and Content-Length", async (range, start, end) => {
    const asked = ignoringUpstream();
    const response = await getVideo({ Range: range });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers.get("content-length")).toBe(String(end - start + 1));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(FILE.slice(start, end + 1));
    // The range was offered to the upstream first.
    expect(asked[0].get("range")).toBe(range);
  });

  it.each(["bytes=-0", "bytes=1000-", "bytes=5000-6000"])("%s: 416 with the file's length", async (range) => {
    ignoringUpstream();
    const response = await getVideo({ Range: range });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */1000");
  });

  it("answers a full file with Accept-Ranges and its length", async () => {
    ignoringUpstream();
    const response = await getVideo();
    expect(response.status).toBe(200);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-length")).toBe("1000");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(FILE);
  });

  it.each(["bytes=0-1,5-6", "bytes=abc-", "bytes=1x-2", "items=0-5", "bytes=", "bytes 0-5"])(
    "answers a malformed or multi-range header (%s) with the whole file, and asks the upstream for no range",
    async (range) => {
      const asked = ignoringUpstream();
      const response = await getVideo({ Range: range });
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBe(1000);
      expect(asked[0].get("range")).toBeNull();
    },
  );

  it("serves the range only when If-Range names the file as it is (strong ETag or exact date)", async () => {
    ignoringUpstream();
    const matching = await getVideo({ Range: "bytes=0-9", "If-Range": '"v1"' });
    expect(matching.status).toBe(206);
    const byDate = await getVideo({ Range: "bytes=0-9", "If-Range": LAST_MODIFIED });
    expect(byDate.status).toBe(206);
    for (const stale of ['"v0"', 'W/"v1"', "Thu, 21 Nov 2024 00:00:00 GMT"]) {
      const response = await getVideo({ Range: "bytes=0-9", "If-Range": stale });
      expect(response.status, stale).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBe(1000);
    }
  });

  it("reads the upstream only up to the range's end, then cancels it; never the rest of the file", async () => {
    const CHUNK = 64 * 1024;
    const CHUNKS = 1024; // a 64 MiB file, made as it is read
    let pulled = 0;
    upstream.use(
      http.get(`${FILES}/besar.mp4`, () => {
        const body = new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              if (pulled === CHUNKS) return controller.close();
              controller.enqueue(new Uint8Array(CHUNK).fill(pulled % 256));
              pulled += 1;
            },
          },
          { highWaterMark: 0 },
        );
        return new HttpResponse(body, { headers: { ...fileHeaders(), "content-length": String(CHUNK * CHUNKS) } });
      }),
    );
    // Bytes 10 MiB + 5 to 10 MiB + 70 KiB: chunk 160 onwards, across a chunk boundary.
    const start = 10 * 1024 * 1024 + 5;
    const end = start + 70 * 1024;
    const response = await get("/files/besar.mp4", "besar.mp4", { Range: `bytes=${start}-${end}` });
    expect(response.status).toBe(206);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(end - start + 1);
    expect(bytes[0]).toBe(160);
    expect(bytes[bytes.length - 1]).toBe(161);
    // Chunks 0 to 161 were needed; a few more may be on their way in the streams' queues, never
    // the rest, also once the streams have done all they would. (msw keeps a copy of the answer's
    // stream for its listeners, so the cancel stops there; the site's own cancel is the hard
    // suite's to show, tests/hard/downloads.bounded.test.ts.)
    await stillAfterATurn(() => pulled);
    expect(pulled).toBeLessThan(170);
  });
});

describe("file proxy: ranges from an upstream that honours them (relayed)", () => {
  it("relays the upstream's 206 with its Content-Range and Accept-Ranges, passing Range and If-Range on", async () => {
    const asked = honouringUpstream();
    const response = await getVideo({ Range: "bytes=10-19", "If-Range": '"v1"' });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 10-19/1000");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-length")).toBe("10");
    expect(response.headers.get("etag")).toBe('"v1"');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(FILE.slice(10, 20));
    expect(asked[0].get("range")).toBe("bytes=10-19");
    expect(asked[0].get("if-range")).toBe('"v1"');
  });

  it("relays the upstream's 416 with its Content-Range", async () => {
    honouringUpstream();
    const response = await getVideo({ Range: "bytes=2000-" });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */1000");
  });

  it("answers 502 for a 206 that does not say which bytes it holds", async () => {
    upstream.use(http.get(`${FILES}/video.mp4`, () => new HttpResponse(FILE.slice(0, 10), { status: 206, headers: fileHeaders() })));
    expect((await getVideo({ Range: "bytes=0-9" })).status).toBe(502);
  });
});

describe("file proxy: If-None-Match answered here when the upstream does not", () => {
  it("304 against the upstream's ETag, asking the upstream to revalidate (no fetch no-cache)", async () => {
    const asked = ignoringUpstream('"v1"');
    const response = await getVideo({ "If-None-Match": 'W/"v0", "v1"' });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe('"v1"');
    expect(await response.text()).toBe("");
    expect(asked[0].get("if-none-match")).toBe('W/"v0", "v1"');
    expect(asked[0].get("cache-control")).toBe("max-age=0");
    const other = await getVideo({ "If-None-Match": '"v0"' });
    expect(other.status).toBe(200);
  });

  it("304 against a weak ETag made from the name, length and Last-Modified when the upstream sends none", async () => {
    ignoringUpstream(null);
    const first = await getVideo();
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    await first.arrayBuffer();
    const again = await getVideo({ "If-None-Match": etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    // The same file under another name has another validator.
    upstream.use(
      http.get(`${FILES}/lain.mp4`, () => new HttpResponse(FILE, { headers: { ...fileHeaders(null), "content-length": String(FILE.length) } })),
    );
    const other = await get("/files/lain.mp4", "lain.mp4", { "If-None-Match": etag! });
    expect(other.status).toBe(200);
    expect(other.headers.get("etag")).not.toBe(etag);
  });

  it("304 before a range: a cached file is not sent again in part", async () => {
    ignoringUpstream();
    const response = await getVideo({ "If-None-Match": '"v1"', Range: "bytes=0-9" });
    expect(response.status).toBe(304);
  });

  it("answers a resized variant's Range with the whole picture (variants are not cut)", async () => {
    const GIF = Uint8Array.from(Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));
    const asked: Headers[] = [];
    upstream.use(
      http.get(`${FILES}/animasi.gif`, ({ request: upstreamRequest }) => {
        asked.push(upstreamRequest.headers);
        return new HttpResponse(GIF, { headers: { "content-type": "image/gif", "content-length": String(GIF.length) } });
      }),
    );
    const response = await get("/files/animasi.gif?w=640", "animasi.gif", { Range: "bytes=0-3" });
    expect(response.status).toBe(200);
    // The GIF's variant (its first frame) whole, not its first four bytes.
    const variant = Buffer.from(await response.arrayBuffer());
    expect(variant.length).toBe(Number(response.headers.get("content-length")));
    expect((await sharp(variant).metadata()).width).toBe(1);
    expect(asked[0].get("range")).toBeNull();
  });
});

describe("file proxy: HEAD", () => {
  /**
   * A 64 MiB file made as it is read, noting how many chunks were read and whether its stream was
   * cancelled: what a real upstream sees as its connection closed before the file was sent. msw
   * keeps a copy of each answer for its listeners (a tee, cancelled only once both copies are):
   * here that copy is let go at once, so that the stub sees the site's own cancel.
   */
  function bigFileUpstream() {
    const seen = { methods: [] as string[], pulled: 0, cancelled: false };
    upstream.events.on("response:mocked", ({ response }) => void response.body?.cancel().catch(() => {}));
    upstream.use(
      http.all(`${FILES}/besar.mp4`, ({ request: upstreamRequest }) => {
        seen.methods.push(upstreamRequest.method);
        const body = new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              if (seen.pulled === 1024) return controller.close();
              controller.enqueue(new Uint8Array(64 * 1024));
              seen.pulled += 1;
            },
            cancel() {
              seen.cancelled = true;
            },
          },
          { highWaterMark: 0 },
        );
        return new HttpResponse(body, { headers: { ...fileHeaders(), "content-length": String(64 * 1024 * 1024) } });
      }),
    );
    return seen;
  }

  const head = (headers: HeadersInit) =>
    fileLoader({ request: request("/files/besar.mp4", { method: "HEAD", headers }), params: { name: "besar.mp4" }, context: { clientIp: "127.0.0.1" } });

  it.each([
    ["the whole file", {}, 200],
    ["a range cut here", { Range: "bytes=100-199" }, 206],
  ])("answers %s with the GET's headers and no body, and closes the upstream's download at once", async (_case, headers: HeadersInit, status) => {
    const seen = bigFileUpstream();
    const response = await head(headers);
    expect(response.status).toBe(status);
    await stillAfterATurn(() => seen.pulled + Number(seen.cancelled));
    expect(seen.methods).toEqual(["GET"]);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(8);
    expect(response.body).toBeNull();

    const full = await get("/files/besar.mp4", "besar.mp4", headers);
    const compared = ["content-length", "content-type", "etag", "accept-ranges", "last-modified", "content-range", "cache-control", "content-security-policy"];
    for (const name of compared) {
      expect(response.headers.get(name), name).toBe(full.headers.get(name));
    }
    expect(response.headers.get("content-length")).toBe(status === 200 ? String(64 * 1024 * 1024) : "100");
    await full.body?.cancel();
  });

  it("answers a relayed 206 with its headers and no body", async () => {
    honouringUpstream();
    const response = await fileLoader({
      request: request("/files/video.mp4", { method: "HEAD", headers: { Range: "bytes=10-19" } }),
      params: { name: "video.mp4" },
      context: { clientIp: "127.0.0.1" },
    });
    expect(response.status).toBe(206);
    expect(response.body).toBeNull();
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-range": "bytes 10-19/1000",
      "content-length": "10",
      "accept-ranges": "bytes",
      etag: '"v1"',
      "content-type": "video/mp4",
      "last-modified": LAST_MODIFIED,
    });
  });

  it("closes the upstream's download for a cover too", async () => {
    const seen = { cancelled: false };
    upstream.events.on("response:mocked", ({ response }) => void response.body?.cancel().catch(() => {}));
    upstream.use(
      http.get("http://upstream.test/covers/sampul.png", () => {
        const cancel = () => void (seen.cancelled = true);
        const body = new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(PNG), cancel }, { highWaterMark: 0 });
        return new HttpResponse(body, { headers: { "content-type": "image/png", "content-length": "5000000" } });
      }),
    );
    const headRequest = request("/covers/sampul.png", { method: "HEAD" });
    const response = await coverLoader({ request: headRequest, params: { name: "sampul.png" }, context: { clientIp: "x" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe("5000000");
    await stillAfterATurn(() => Number(seen.cancelled));
    expect(seen.cancelled).toBe(true);
    expect(response.body).toBeNull();
  });
});
