import { randomUUID } from "node:crypto";
import { lstat, mkdir, readdir, readFile, rename, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { getConfig } from "@server/config.server";
import { dataPaths } from "@server/data-dir.server";
import { errorFields, log } from "@server/log.server";

/**
 * The resized images' folder on disk (DATA_DIR/image-cache), kept under IMAGE_CACHE_MAX_BYTES:
 * it shares its disk with the audit log, the sessions and the uploads, and the variants of a
 * replaced or deleted picture are never asked for again. A variant's modification time is its
 * last use (a hit touches it, at most once an hour). At a process's first write, and whenever it
 * has written a tenth of the bound since, one sweep reads the folder; when the folder holds more
 * than the bound, the least recently used variants go until it holds PRUNED_TO of it. The folder
 * is the only truth, so processes sharing DATA_DIR need no coordination: a variant one of them
 * deletes while another is about to read it is made again.
 *
 * Hand-written: npm's disk caches (cacache, flat-cache) keep no size bound or order of last use.
 */

/** What a sweep leaves of the bound: room for some writes before the next sweep. */
const PRUNED_TO = 0.8;
/** A sweep is due once this share of the bound has been written since the last one. */
const SWEEP_EVERY = 0.1;
/** A hit moves a variant to the front of the order at most this often (one write per variant an hour). */
const TOUCH_EVERY_MS = 60 * 60 * 1000;
/** A temporary file this old was left by a write that never finished (a crash). */
const ABANDONED_TEMPORARY_MS = 60 * 60 * 1000;
/** Files looked at together during a sweep: a sweep must not hold up the site's other file reads. */
const STAT_BATCH = 16;

const VARIANT_NAME = /^[0-9a-f]{64}\.(avif|webp|jpeg)$/;
const TEMPORARY_NAME = /^[0-9a-f]{64}\.(avif|webp|jpeg)\.[0-9a-f-]{36}\.tmp$/;
const SUBFOLDER_NAME = /^[0-9a-f]{2}$/;

/** Where the variant of `key` in `format` is kept. */
export function variantFile(key: string, format: string): string {
  return path.join(dataPaths(getConfig()).imageCache, key.slice(0, 2), `${key}.${format}`);
}

/** When this process last touched (or wrote) each variant. */
const touched = new LRUCache<string, number>({ max: 50_000 });

/** A kept variant, or undefined; a hit counts as its use. */
export async function readVariant(file: string): Promise<Buffer | undefined> {
  const variant = await readFile(file).catch(() => undefined);
  const now = Date.now();
  if (variant && now - (touched.get(file) ?? -Infinity) >= TOUCH_EVERY_MS) {
    touched.set(file, now);
    // A variant a sweep removed meanwhile is simply not touched.
    utimes(file, now / 1000, now / 1000).catch(() => undefined);
  }
  return variant;
}

/** Keeps a variant made now. A folder that cannot be written costs the cache, never the answer. */
export async function storeVariant(file: string, variant: Buffer): Promise<void> {
  // Written aside then renamed: a reader never sees half a file, and a crash leaves no variant.
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, variant);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    // The visitor still gets the variant; the next request tries to keep it again.
    log("image_cache_write_failed", errorFields(error));
    return;
  }
  touched.set(file, Date.now());
  noteWritten(variant.byteLength);
}

let writtenSinceSweep = 0;
let sweptOnce = false;
let sweeping: Promise<void> | undefined;

function noteWritten(bytes: number): void {
  writtenSinceSweep += bytes;
  const { maxBytes } = getConfig().imageCache;
  if (sweeping || (sweptOnce && writtenSinceSweep < maxBytes * SWEEP_EVERY)) return;
  sweptOnce = true;
  writtenSinceSweep = 0;
  sweeping = sweepImageCache(dataPaths(getConfig()).imageCache, maxBytes)
    .then((outcome) => {
      if (outcome.removed > 0 || outcome.abandonedRemoved > 0) log("image_cache_pruned", { ...outcome });
    })
    .catch((error: unknown) => log("image_cache_sweep_failed", errorFields(error)))
    .finally(() => {
      sweeping = undefined;
    });
}

/** The sweep under way, if any (for tests: the folder as it is once it ends). */
export function imageCacheSweep(): Promise<void> {
  return sweeping ?? Promise.resolve();
}

export interface SweepOutcome {
  /** Variants deleted, and their bytes. */
  removed: number;
  freedBytes: number;
  /** What the folder's variants hold after the sweep. */
  keptBytes: number;
  /** Temporary files of writes that never finished, deleted. */
  abandonedRemoved: number;
}

interface Kept {
  file: string;
  bytes: number;
  lastUse: number;
}

/**
 * Deletes the least recently used variants of `folder` until what is left is at most PRUNED_TO of
 * `maxBytes`, when the folder holds more than `maxBytes`; and the temporary files of writes that
 * never finished. Files of other names are left alone.
 */
export async function sweepImageCache(folder: string, maxBytes: number, now = Date.now()): Promise<SweepOutcome> {
  const kept: Kept[] = [];
  let abandonedRemoved = 0;
  const subfolders = (await readdir(folder, { withFileTypes: true }).catch(() => [])).filter((entry) => entry.isDirectory() && SUBFOLDER_NAME.test(entry.name));
  for (const subfolder of subfolders) {
    const names = await readdir(path.join(folder, subfolder.name)).catch(() => [] as string[]);
    for (let start = 0; start < names.length; start += STAT_BATCH) {
      await Promise.all(
        names.slice(start, start + STAT_BATCH).map(async (name) => {
          const file = path.join(folder, subfolder.name, name);
          const variant = VARIANT_NAME.test(name);
          if (!variant && !TEMPORARY_NAME.test(name)) return;
          const stats = await lstat(file).catch(() => undefined);
          if (!stats?.isFile()) return;
          if (variant) kept.push({ file, bytes: stats.size, lastUse: stats.mtimeMs });
          else if (now - stats.mtimeMs > ABANDONED_TEMPORARY_MS && (await removed(file))) abandonedRemoved++;
        }),
      );
    }
  }
  let keptBytes = kept.reduce((sum, each) => sum + each.bytes, 0);
  let freedBytes = 0;
  let removedCount = 0;
  if (keptBytes > maxBytes) {
    kept.sort((a, b) => a.lastUse - b.lastUse);
    for (const oldest of kept) {
      if (keptBytes <= maxBytes * PRUNED_TO) break;
      // Gone already (another process's sweep) frees the same room.
      await removed(oldest.file);
      touched.delete(oldest.file);
      keptBytes -= oldest.bytes;
      freedBytes += oldest.bytes;
      removedCount++;
    }
  }
  return { removed: removedCount, freedBytes, keptBytes, abandonedRemoved };
}

const removed = (file: string) =>
  rm(file, { force: true }).then(
    () => true,
    () => false,
  );
