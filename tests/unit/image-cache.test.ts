import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sweepImageCache } from "~/platform/image-cache.server";

/**
 * The sweep that keeps DATA_DIR/image-cache under its bound (app/platform/image-cache.server.ts),
 * on a folder laid out as the site writes it: `<first two hex digits>/<sha-256>.<format>`.
 */

const KIB = 1024;
const HOUR_MS = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 11, 5, 10, 0, 0);
let folder: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "image-cache-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const hexName = (index: number) => index.toString(16).padStart(64, "0");

/** A file of `bytes` whose last use (its modification time) was `ageMs` before NOW. */
async function put(relative: string, bytes: number, ageMs: number): Promise<string> {
  const file = path.join(folder, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(bytes, 7));
  const when = (NOW - ageMs) / 1000;
  await utimes(file, when, when);
  return relative;
}

/** Variant `index`, kept in the subfolder its name begins with, as the site keeps it. */
const variant = (index: number, bytes: number, ageMs: number, format = "avif") =>
  put(`${hexName(index).slice(0, 2)}/${hexName(index)}.${format}`, bytes, ageMs);

async function filesLeft(): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name))).sort();
}

describe("the image cache's sweep", () => {
  it("deletes nothing while the folder holds no more than its bound", async () => {
    const kept = await Promise.all([variant(1, 40 * KIB, 3 * HOUR_MS), variant(2, 60 * KIB, HOUR_MS, "webp")]);
    expect(await sweepImageCache(folder, 100 * KIB, NOW)).toEqual({ removed: 0, freedBytes: 0, keptBytes: 100 * KIB, abandonedRemoved: 0 });
    expect(await filesLeft()).toEqual(kept.sort());
  });

  it("over its bound, deletes the least recently used variants until 80 % of the bound is left", async () => {
    // Ten variants of 20 KiB in three subfolders, variant i last used i hours ago: 200 KiB against 100.
    const byAge = await Promise.all(Array.from({ length: 10 }, (_, index) => variant(index * 29, 20 * KIB, index * HOUR_MS, ["avif", "webp", "jpeg"][index % 3])));
    const outcome = await sweepImageCache(folder, 100 * KIB, NOW);
    // Down to 80 KiB: the four most recent stay.
    expect(outcome).toEqual({ removed: 6, freedBytes: 120 * KIB, keptBytes: 80 * KIB, abandonedRemoved: 0 });
    expect(await filesLeft()).toEqual(byAge.slice(0, 4).sort());
  });

  it("counts and deletes only what the site writes there: other files and folders are left alone", async () => {
    const foreign = await Promise.all([
      put("LIHAT-SAYA.txt", 500 * KIB, 10 * HOUR_MS),
      put("ab/catatan.txt", 500 * KIB, 10 * HOUR_MS),
      put(`zz/${hexName(1)}.avif`, 500 * KIB, 10 * HOUR_MS),
      put(`${hexName(2).slice(0, 2)}/${hexName(2)}.png`, 500 * KIB, 10 * HOUR_MS),
    ]);
    const kept = await variant(3, 50 * KIB, HOUR_MS);
    expect(await sweepImageCache(folder, 100 * KIB, NOW)).toMatchObject({ removed: 0, keptBytes: 50 * KIB });
    expect(await filesLeft()).toEqual([...foreign, kept].sort());
  });

  it("deletes the temporary file of a write that never finished once it is an hour old, never one being written", async () => {
    const name = `${hexName(4).slice(0, 2)}/${hexName(4)}.webp`;
    await put(`${name}.0a1b2c3d-0000-4000-8000-000000000000.tmp`, 10 * KIB, 2 * HOUR_MS);
    const young = await put(`${name}.0a1b2c3d-0000-4000-8000-000000000001.tmp`, 10 * KIB, 60_000);
    expect(await sweepImageCache(folder, 100 * KIB, NOW)).toMatchObject({ removed: 0, keptBytes: 0, abandonedRemoved: 1 });
    expect(await filesLeft()).toEqual([young]);
  });

  it("two processes sweeping at once both end well within the bound, neither failing on what the other deleted", async () => {
    await Promise.all(Array.from({ length: 40 }, (_, index) => variant(index * 7, 10 * KIB, index * 60_000)));
    const outcomes = await Promise.all([sweepImageCache(folder, 200 * KIB, NOW), sweepImageCache(folder, 200 * KIB, NOW)]);
    for (const outcome of outcomes) expect(outcome.keptBytes).toBeLessThanOrEqual(160 * KIB);
    expect((await filesLeft()).length).toBe(16);
  });

  it("answers nothing to sweep for a folder not made yet", async () => {
    expect(await sweepImageCache(path.join(folder, "belum-ada"), 100 * KIB, NOW)).toEqual({ removed: 0, freedBytes: 0, keptBytes: 0, abandonedRemoved: 0 });
  });
});
