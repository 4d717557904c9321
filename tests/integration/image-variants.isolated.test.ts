import { readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { http, HttpResponse } from "msw";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_RESIZES_PER_ADDRESS } from "~/platform/images.server";
import { IMAGE_WIDTHS } from "~/lib/images";
import { loader as coverLoader } from "~/routes/covers.$name";
import { loader as fileLoader } from "~/routes/files.$name";
import { giantPng, pngChunk } from "../helpers/image-headers";
import { request } from "../helpers/sessions";
import { recordUpstreamCalls, upstream } from "../mocks/upstream";

/**
 * Counts the pictures sharp is asked to decode, i.e. resizes (the test's own calls included);
 * while `gate` is set, their results wait for it (a resize that takes as long as the test likes).
 */
const sharpCalls = vi.hoisted(() => ({ count: 0, gate: undefined as Promise<void> | undefined }));
vi.mock("sharp", async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof import("sharp") }>()).default;
  const counted = new Proxy(real, {
    apply(target, self, args: Parameters<typeof real>) {
      sharpCalls.count++;
      const image = target(...args);
      const gate = sharpCalls.gate;
      if (gate) {
        const toBuffer = image.toBuffer.bind(image) as () => Promise<Buffer>;
        image.toBuffer = (async () => {
          await gate;
          return toBuffer();
        }) as unknown as typeof image.toBuffer;
      }
      return image;
    },
  });
  return { default: counted };
});

const FILES = "http://upstream.test/files";
const AVIF_FIRST = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
let photo: Buffer;

/** A 1600×900 JPEG with camera metadata, as an admin's upload would be. */
beforeAll(async () => {
  photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#2878c8", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
    .withExif({ IFD0: { Copyright: "Kamera Dinas", Artist: "Fotografer" } })
    .jpeg({ quality: 90 })
    .toBuffer();
  expect((await sharp(photo).metadata()).exif).toBeDefined();
});

function servePhoto(name: string, bytes: () => Buffer, headers: Record<string, string> = {}) {
  upstream.use(
    http.get(`${FILES}/${name}`, () =>
      new HttpResponse(new Uint8Array(bytes()), { headers: { "content-type": "image/jpeg", etag: '"foto-v1"', ...headers } }),
    ),
  );
}

function get(path: string, name: string, headers: HeadersInit = { accept: AVIF_FIRST }, clientIp = "127.0.0.1") {
  return fileLoader({ request: request(path, { headers }), params: { name }, context: { clientIp } });
}

/** Every width with every format a browser can ask for: 21 different variants of one original. */
const EVERY_VARIANT = IMAGE_WIDTHS.flatMap((width) =>
  [AVIF_FIRST, "image/webp,*/*", "*/*"].map((accept) => ({ width, headers: { accept } })),
);

/** A real 400×300 PNG cut off in its pixel data, as a broken upload or a failing disk leaves one. */
async function truncatedPng(): Promise<Buffer> {
  const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#2878c8", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

async function pictureOf(response: Response) {
  return sharp(Buffer.from(await response.arrayBuffer())).metadata();
}

describe("image variants (?w=)", () => {
  it("resizes to the asked width, keeps the aspect ratio, strips metadata and may be cached for long", async () => {
    servePhoto("foto-a.jpg", () => photo);
    const response = await get("/files/foto-a.jpg?w=640", "foto-a.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(response.headers.get("vary")).toBe("Accept");
    expect(response.headers.get("cache-control")).toBe("public, max-age=2592000");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    const picture = await pictureOf(response);
    expect(picture).toMatchObject({ format: "heif", width: 640, height: 360 });
    expect(picture.exif).toBeUndefined();
  });

  it("picks the format from Accept: WebP, then JPEG for a browser that takes neither", async () => {
    servePhoto("foto-b.jpg", () => photo);
    const webp = await get("/files/foto-b.jpg?w=320", "foto-b.jpg", { accept: "image/avif;q=0,image/webp,*/*" });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(await pictureOf(webp)).toMatchObject({ format: "webp", width: 320, height: 180 });
    const jpeg = await get("/files/foto-b.jpg?w=320", "foto-b.jpg", { accept: "*/*" });
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(await pictureOf(jpeg)).toMatchObject({ format: "jpeg", width: 320 });
    expect(webp.headers.get("etag")).not.toBe(jpeg.headers.get("etag"));
  });

  it("never enlarges a picture narrower than the asked width", async () => {
    servePhoto("foto-c.jpg", () => photo);
    const response = await get("/files/foto-c.jpg?w=1920", "foto-c.jpg", { accept: "image/webp" });
    expect(await pictureOf(response)).toMatchObject({ width: 1600, height: 900 });
  });

  it("is much smaller than the original", async () => {
    servePhoto("foto-d.jpg", () => photo);
    const response = await get("/files/foto-d.jpg?w=480", "foto-d.jpg");
    expect((await response.arrayBuffer()).byteLength).toBeLessThan(photo.byteLength / 4);
  });

  it("refuses a width outside the fixed set with 400 and an Indonesian message, before asking the upstream", async () => {
    const calls = recordUpstreamCalls();
    for (const query of ["w=500", "w=abc", "w=", "w=640&w=320", "w=-640", "w=640.0", "w=0640"]) {
      const response = await get(`/files/foto.jpg?${query}`, "foto.jpg");
      expect(response.status, query).toBe(400);
      expect(await response.text()).toBe("Lebar gambar tidak didukung. Gunakan salah satu: 160, 320, 480, 640, 960, 1280, 1920.");
    }
    expect(calls).toEqual([]);
  });

  it("refuses ?w= for a document with 400, and still serves it without ?w=", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4 dokumen");
    upstream.use(http.get(`${FILES}/renja.pdf`, () => new HttpResponse(pdf, { headers: { "content-type": "application/pdf" } })));
    const refused = await get("/files/renja.pdf?w=640", "renja.pdf");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("Parameter w hanya berlaku untuk berkas gambar.");
    const original = await get("/files/renja.pdf", "renja.pdf");
    expect(original.status).toBe(200);
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(pdf);
  });

  it("makes a GIF's variant of its first frame, as small as a photo's; the plain address keeps the GIF itself", async () => {
    const gif = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#c00" } }).gif().toBuffer();
    upstream.use(http.get(`${FILES}/anim.gif`, () => new HttpResponse(new Uint8Array(gif), { headers: { "content-type": "image/gif" } })));
    const response = await get("/files/anim.gif?w=160", "anim.gif", { accept: AVIF_FIRST });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(160);
    const original = await get("/files/anim.gif", "anim.gif");
    expect(Buffer.from(await original.arrayBuffer()).equals(gif)).toBe(true);
  });

  it("resizes a camera's JPEG past the 50-megapixel limit (decoded already shrunk) rather than send it whole", async () => {
    const big = await sharp({ create: { width: 10_000, height: 5_100, channels: 3, background: "#2878c8" } }).jpeg({ quality: 60 }).toBuffer();
    servePhoto("kamera-besar.jpg", () => big);
    const response = await get("/files/kamera-besar.jpg?w=640", "kamera-besar.jpg", { accept: AVIF_FIRST });
    expect(response.status).toBe(200);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(640);
  });

  it("keeps the original available at the plain address", async () => {
    servePhoto("foto-e.jpg", () => photo);
    const response = await get("/files/foto-e.jpg", "foto-e.jpg");
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await response.arrayBuffer()).equals(photo)).toBe(true);
  });

  it("answers 304 to a browser that already has the variant", async () => {
    servePhoto("foto-f.jpg", () => photo);
    const first = await get("/files/foto-f.jpg?w=160", "foto-f.jpg");
    const etag = first.headers.get("etag") ?? "";
    const again = await get("/files/foto-f.jpg?w=160", "foto-f.jpg", { accept: AVIF_FIRST, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("vary")).toBe("Accept");
    expect(await again.text()).toBe("");
  });

  it("caches variants on disk, and makes a new one when the original changes", async () => {
    let current = photo;
    let version = "v1";
    upstream.use(
      http.get(`${FILES}/foto-g.jpg`, () =>
        new HttpResponse(new Uint8Array(current), { headers: { "content-type": "image/jpeg", etag: `"${version}"` } }),
      ),
    );
    const first = Buffer.from(await (await get("/files/foto-g.jpg?w=320", "foto-g.jpg")).arrayBuffer());
    const cached = await readdir(path.join(process.env.DATA_DIR ?? "", "image-cache"), { recursive: true });
    expect(cached.filter((entry) => entry.endsWith(".avif")).length).toBeGreaterThan(0);
    expect(cached.filter((entry) => entry.endsWith(".tmp"))).toEqual([]);

    // Same validators, different bytes: the cached variant answers.
    current = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#0a0" } }).jpeg().toBuffer();
    const fromCache = Buffer.from(await (await get("/files/foto-g.jpg?w=320", "foto-g.jpg")).arrayBuffer());
    expect(fromCache.equals(first)).toBe(true);

    // A changed original (new ETag) gets a new variant.
    version = "v2";
    const renewed = await get("/files/foto-g.jpg?w=320", "foto-g.jpg");
    expect(await pictureOf(renewed)).toMatchObject({ width: 320, height: 320 });
  });

  it("still answers the variant when the cache folder cannot be written (issue 36: no file-system error is uncaught)", async () => {
    servePhoto("foto-ro.jpg", () => photo);
    // The cache folder replaced by a file, as a broken mount or a wrong owner would leave it.
    const cacheDir = path.join(process.env.DATA_DIR ?? "", "image-cache");
    const aside = `${cacheDir}.aside`;
    await rename(cacheDir, aside);
    await writeFile(cacheDir, "");
    const logged: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (logged.push(String(chunk)), true));
    const logLevel = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "info";
    try {
      const answer = await get("/files/foto-ro.jpg?w=320", "foto-ro.jpg");
      expect(answer.status).toBe(200);
      expect(await pictureOf(answer)).toMatchObject({ width: 320 });
      expect(logged.some((line) => line.includes('"event":"image_cache_write_failed"') && line.includes("ENOTDIR"))).toBe(true);
    } finally {
      spy.mockRestore();
      process.env.LOG_LEVEL = logLevel;
      await rm(cacheDir, { force: true });
      await rename(aside, cacheDir);
    }
  });

  it("resizes once for concurrent requests of the same variant", async () => {
    servePhoto("foto-h.jpg", () => photo);
    const before = sharpCalls.count;
    const responses = await Promise.all(Array.from({ length: 6 }, () => get("/files/foto-h.jpg?w=960", "foto-h.jpg")));
    expect(sharpCalls.count - before).toBe(1);
    const bodies = await Promise.all(responses.map(async (response) => Buffer.from(await response.arrayBuffer())));
    for (const body of bodies) expect(body.equals(bodies[0])).toBe(true);
  });

  it("sends a picture it cannot resize (corrupt, or a decompression bomb) to the original", async () => {
    // A PNG that claims 30000×30000 pixels in a few bytes: refused before it is decoded.
    const bomb = Buffer.concat([giantPng(30000, 30000), pngChunk("IDAT", deflateSync(Buffer.alloc(90001))), pngChunk("IEND", Buffer.alloc(0))]);
    for (const [name, bytes] of [
      ["bom.png", bomb],
      ["rusak.png", Buffer.from("bukan gambar sama sekali")],
    ] as const) {
      upstream.use(http.get(`${FILES}/${name}`, () => new HttpResponse(new Uint8Array(bytes), { headers: { "content-type": "image/png" } })));
      const response = await get(`/files/${name}?w=640`, name);
      expect(response.status, name).toBe(302);
      expect(response.headers.get("location")).toBe(`/files/${name}`);
    }
  });

  it("answers 404 for a missing picture and works for covers too", async () => {
    upstream.use(http.get(`${FILES}/hilang.jpg`, () => HttpResponse.json({ error: "Berkas tidak ditemukan" }, { status: 404 })));
    expect((await get("/files/hilang.jpg?w=640", "hilang.jpg")).status).toBe(404);
    upstream.use(http.get("http://upstream.test/covers/sampul.jpg", () => new HttpResponse(new Uint8Array(photo), { headers: { "content-type": "image/jpeg" } })));
    const cover = await coverLoader({
      request: request("/covers/sampul.jpg?w=160", { headers: { accept: "image/webp" } }),
      params: { name: "sampul.jpg" },
      context: { clientIp: "127.0.0.1" },
    });
    expect(await pictureOf(cover)).toMatchObject({ format: "webp", width: 160, height: 90 });
  });
});

describe("bounded decoding", () => {
  it("remembers an original that cannot be resized: every other width and format goes to the original without decoding it", async () => {
    const broken = await truncatedPng();
    let version = "v1";
    upstream.use(
      http.get(`${FILES}/potong.png`, () => new HttpResponse(new Uint8Array(broken), { headers: { "content-type": "image/png", etag: `"${version}"` } })),
    );
    const before = sharpCalls.count;
    const first = await get("/files/potong.png?w=640", "potong.png");
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/files/potong.png");
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(sharpCalls.count - before).toBe(1);

    for (const { width, headers } of EVERY_VARIANT) {
      const response = await get(`/files/potong.png?w=${width}`, "potong.png", headers);
      expect(response.status, `${width} ${headers.accept}`).toBe(302);
      expect(response.headers.get("location")).toBe("/files/potong.png");
    }
    expect(sharpCalls.count - before, "no decode after the first").toBe(1);

    // A replaced original (new validators) is tried afresh.
    version = "v2";
    expect((await get("/files/potong.png?w=640", "potong.png")).status).toBe(302);
    expect(sharpCalls.count - before).toBe(2);
  });

  it("decodes a broken original once for a burst of all its 21 variants from 21 addresses at once", async () => {
    const broken = await truncatedPng();
    upstream.use(
      http.get(`${FILES}/potong-serbu.png`, () => new HttpResponse(new Uint8Array(broken), { headers: { "content-type": "image/png", etag: '"s1"' } })),
    );
    const before = sharpCalls.count;
    const responses = await Promise.all(
      EVERY_VARIANT.map(({ width, headers }, index) => get(`/files/potong-serbu.png?w=${width}`, "potong-serbu.png", headers, `203.0.113.${index + 1}`)),
    );
    expect(responses.map((response) => response.status)).toEqual(EVERY_VARIANT.map(() => 302));
    expect(sharpCalls.count - before).toBe(1);
  });

  it("does not remember an original whose body broke off on the way: that is the connection's fault", async () => {
    let answers = 0;
    upstream.use(
      http.get(`${FILES}/putus.jpg`, () => {
        answers++;
        const body =
          answers === 1
            ? new ReadableStream<Uint8Array>({
                start(controller) {
                  controller.enqueue(new Uint8Array(photo.subarray(0, 1000)));
                  controller.error(new Error("sambungan putus"));
                },
              })
            : new Uint8Array(photo);
        return new HttpResponse(body, { headers: { "content-type": "image/jpeg", etag: '"p1"' } });
      }),
    );
    expect((await get("/files/putus.jpg?w=320", "putus.jpg")).status).toBe(302);
    const again = await get("/files/putus.jpg?w=320", "putus.jpg");
    expect(again.status).toBe(200);
    expect(await pictureOf(again)).toMatchObject({ width: 320 });
  });

  // Seventeen real resizes: a busy machine needs more than the default 5 s (a bound on hanging, not a speed target).
  it("makes at most MAX_RESIZES_PER_ADDRESS new variants at a time for one address, sends its others to the original at once, and holds no other address back", async () => {
    servePhoto("foto-k.jpg", () => photo);
    let open = () => {};
    sharpCalls.gate = new Promise<void>((resolve) => (open = resolve));
    const before = sharpCalls.count;
    // A page's worth and two more, all new variants, from one address; the last one for another address.
    const mine = EVERY_VARIANT.slice(0, MAX_RESIZES_PER_ADDRESS + 2);
    const other = EVERY_VARIANT[EVERY_VARIANT.length - 1];
    try {
      const settled: Response[] = [];
      const fromOne = mine.map(({ width, headers }) =>
        get(`/files/foto-k.jpg?w=${width}`, "foto-k.jpg", headers, "198.51.100.7").then((response) => {
          settled.push(response);
          return response;
        }),
      );
      const fromAnother = get(`/files/foto-k.jpg?w=${other.width}`, "foto-k.jpg", other.headers, "198.51.100.8");
      // While the resizes wait, the address's requests past the bound are answered.
      await vi.waitFor(() => expect(settled).toHaveLength(2), { timeout: 15_000 });
      expect(settled.map((response) => [response.status, response.headers.get("location")])).toEqual([
        [302, "/files/foto-k.jpg"],
        [302, "/files/foto-k.jpg"],
      ]);
      open();
      const statuses = (await Promise.all(fromOne)).map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_RESIZES_PER_ADDRESS);
      expect(statuses.filter((status) => status === 302)).toHaveLength(2);
      expect((await fromAnother).status).toBe(200);
      expect(sharpCalls.count - before).toBe(MAX_RESIZES_PER_ADDRESS + 1);
    } finally {
      sharpCalls.gate = undefined;
      open();
    }
    // Done, the address may have new variants made again.
    const again = EVERY_VARIANT[MAX_RESIZES_PER_ADDRESS];
    expect((await get(`/files/foto-k.jpg?w=${again.width}`, "foto-k.jpg", again.headers, "198.51.100.7")).status).toBe(200);
  }, 60_000);
});
