import { readdir, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { http, HttpResponse } from "msw";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { imageCacheSweep } from "~/platform/image-cache.server";
import { loader as fileLoader } from "~/routes/files.$name";
import { request } from "../helpers/sessions";
import { upstream } from "../mocks/upstream";

/**
 * The resized images' folder stays under IMAGE_CACHE_MAX_BYTES however many pictures visitors
 * ask for (app/platform/image-cache.server.ts), through the file route as a browser asks it: the
 * least recently used variants go first, and a variant a visitor saw again counts as used. Its
 * own process: the bound is read from the environment once, at the configuration's first use.
 */

const MAX_BYTES = vi.hoisted(() => {
  const bound = 256 * 1024;
  process.env.IMAGE_CACHE_MAX_BYTES = String(bound);
  return bound;
});
const HOUR_MS = 60 * 60 * 1000;
const FILES = "http://upstream.test/files";
const cacheFolder = () => path.join(process.env.DATA_DIR ?? "", "image-cache");
let photo: Buffer;

/** An 800×450 photo of noise: its 640 px JPEG variant is some 100 KiB, so a handful pass the bound, each made in a few ms. */
beforeAll(async () => {
  photo = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#2878c8", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
});
beforeEach(() => {
  upstream.use(http.get(`${FILES}/:name`, () => new HttpResponse(new Uint8Array(photo), { headers: { "content-type": "image/jpeg", etag: '"v1"' } })));
});
afterEach(() => {
  vi.useRealTimers();
});

async function variantsOnDisk(): Promise<Map<string, number>> {
  const entries = await readdir(cacheFolder(), { recursive: true, withFileTypes: true }).catch(() => []);
  const sizes = new Map<string, number>();
  for (const entry of entries.filter((each) => each.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    sizes.set(file, (await stat(file)).size);
  }
  return sizes;
}

/** Bytes of the variants made so far. */
let madeBytes = 0;

/** Asks for `name` at 640 px as a browser that takes only JPEG; answers the variant file it added to the cache, if any. */
async function view(name: string): Promise<string | undefined> {
  const before = await variantsOnDisk();
  const answer = await fileLoader({ request: request(`/files/${name}?w=640`, { headers: { accept: "*/*" } }), params: { name }, context: { clientIp: "127.0.0.1" } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("image/jpeg");
  const bytes = (await answer.arrayBuffer()).byteLength;
  await imageCacheSweep();
  const added = [...(await variantsOnDisk()).keys()].find((file) => !before.has(file));
  if (added) madeBytes += bytes;
  return added;
}

const total = async () => [...(await variantsOnDisk()).values()].reduce((sum, size) => sum + size, 0);

describe("the resized images' folder on disk", () => {
  // Resizes on a loaded machine (npm test's build and lint beside it): a margin of time for them.
  it("stays under its bound as new pictures are asked for, the least recently used going first; a picture seen again stays", { timeout: 120_000 }, async () => {
    const first = await view("sampul-0.jpg");
    const second = await view("sampul-1.jpg");
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    // Made hours ago: the first was made before the second.
    await utimes(first!, (Date.now() - 3 * HOUR_MS) / 1000, (Date.now() - 3 * HOUR_MS) / 1000);
    await utimes(second!, (Date.now() - 2 * HOUR_MS) / 1000, (Date.now() - 2 * HOUR_MS) / 1000);
    // An hour and more later, a visitor sees the first again: it is used now, the second is not.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * HOUR_MS });
    await view("sampul-0.jpg");
    await vi.waitFor(async () => expect((await stat(first!)).mtimeMs).toBeGreaterThan(Date.now() - 60_000));
    vi.useRealTimers();

    const made: string[] = [];
    for (let index = 2; index < 12; index++) made.push((await view(`sampul-${index}.jpg`))!);
    const left = await variantsOnDisk();
    expect(await total()).toBeLessThanOrEqual(MAX_BYTES);
    expect(left.has(first!)).toBe(true);
    expect(left.has(second!)).toBe(false);
    expect(left.has(made.at(-1)!)).toBe(true);
    // Twice what the bound holds was made.
    expect(madeBytes).toBeGreaterThan(2 * MAX_BYTES);
  });

  it("a variant the sweep deleted is made again when asked for", async () => {
    expect(await view("sampul-2.jpg")).toBeDefined();
    expect(await total()).toBeLessThanOrEqual(MAX_BYTES);
  });
});
