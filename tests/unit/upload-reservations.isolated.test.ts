import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeRedis, connectRedis } from "~/platform/redis.server";
import {
  DESCRIPTION_OVERHEAD_BYTES,
  memoryReservations,
  redisReservations,
  reservedBytesOf,
  type Reservation,
  type ReservationLimits,
  type Reservations,
} from "~/platform/upload-reservations.server";
import { missingTools, REDIS_SERVER, startRedisServer, type RedisServer } from "../hard/scale-out-support";

/**
 * The resumable uploads' reservations (issue 35.3), in one process's memory and in Redis (a real
 * redis-server, skipped without it), by the same cases: atomic under creates at once, metadata
 * counted, one admin's share and count, rebuilt from the descriptions on disk, released once.
 * Runs with modules of its own (vitest.config.ts): it connects this file's Redis.
 */

const skipRedis = missingTools([REDIS_SERVER]);
if (skipRedis) console.warn(`upload-reservations: Redis cases skipped, ${skipRedis}`);

const MiB = 1024 * 1024;
const LIMITS: ReservationLimits = { diskMaxBytes: 50 * MiB, adminMaxBytes: 50 * MiB, adminMaxCount: 100 };

let root: string;
let server: RedisServer | undefined;
let inspector: ReturnType<typeof createClient> | undefined;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "dispusip-reservations-"));
  if (skipRedis) return;
  await mkdir(path.join(root, "redis"));
  server = await startRedisServer(path.join(root, "redis"));
  await connectRedis(server.url);
  inspector = createClient({ url: server.url });
  await inspector.connect();
});

afterAll(async () => {
  await inspector?.close();
  await closeRedis();
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

let counter = 0;
/** A fresh uploads directory; Redis emptied (as a new deployment's). */
async function freshDirectory(): Promise<string> {
  const directory = path.join(root, `uploads-${++counter}`);
  await mkdir(directory);
  await inspector?.flushAll();
  return directory;
}

const idOf = (index: number) => index.toString(16).padStart(32, "0");
const reservation = (index: number, admin: string, bytes: number, created = Date.now()): Reservation => ({ id: idOf(index), admin, bytes, created });

/** An upload as @tus/file-store leaves it: its (empty) file and its description. */
async function storeUpload(directory: string, index: number, size: number, metadata: Record<string, string>, created = new Date()) {
  const id = idOf(index);
  await writeFile(path.join(directory, id), "");
  await writeFile(path.join(directory, `${id}.json`), JSON.stringify({ id, size, offset: 0, metadata, creation_date: created.toISOString() }));
  return id;
}

const KINDS: Array<[string, (directory: string, limits: ReservationLimits) => Reservations, boolean]> = [
  ["in memory (one process)", memoryReservations, false],
  ["in Redis (REDIS_URL)", redisReservations, true],
];

describe.each(KINDS)("upload reservations %s", (_name, make, needsRedis) => {
  const run = needsRedis && skipRedis ? it.skip : it;
  let directory: string;
  beforeEach(async () => {
    directory = await freshDirectory();
  });

  run("40 reservations at once of 10 MiB never pass a 50 MiB ceiling, from one admin or many", async () => {
    const reservations = make(directory, LIMITS);
    const verdicts = await Promise.all(Array.from({ length: 40 }, (_, index) => reservations.reserve(reservation(index, `admin-${index % 7}`, 10 * MiB))));
    expect(verdicts.filter((verdict) => verdict === "reserved")).toHaveLength(5);
    expect(verdicts.filter((verdict) => verdict === "disk")).toHaveLength(35);
    expect((await reservations.usage("admin-0")).allBytes).toBe(50 * MiB);

    // Four more rounds: nothing more passes (the 8x came in rounds).
    for (let round = 1; round <= 4; round++) {
      const again = await Promise.all(Array.from({ length: 40 }, (_, index) => reservations.reserve(reservation(round * 100 + index, "admin-0", 1))));
      expect(again.every((verdict) => verdict === "disk")).toBe(true);
    }
    expect((await reservations.usage("admin-0")).allBytes).toBe(50 * MiB);
  });

  run("counts metadata: an upload of one byte with 10 KB of metadata takes more than 10 KB", async () => {
    const metadata = { screen: "slider-manager", field: "file", filename: "a".repeat(10_000), admin: "7" };
    const bytes = reservedBytesOf(1, metadata);
    expect(bytes).toBe(1 + JSON.stringify(metadata).length + DESCRIPTION_OVERHEAD_BYTES);
    const reservations = make(directory, { ...LIMITS, diskMaxBytes: 1 * MiB });
    const verdicts = await Promise.all(Array.from({ length: 100 }, (_, index) => reservations.reserve(reservation(index, "7", bytes))));
    // 1,340 such uploads counted 1,340 bytes before (13.6 MB on disk): now each counts its metadata.
    expect(verdicts.filter((verdict) => verdict === "reserved")).toHaveLength(Math.floor(MiB / bytes));
  });

  run("holds each admin to a share of the disk and a number of uploads, the others unaffected", async () => {
    const reservations = make(directory, { diskMaxBytes: 50 * MiB, adminMaxBytes: 25 * MiB, adminMaxCount: 3 });
    const first = await Promise.all(Array.from({ length: 10 }, (_, index) => reservations.reserve(reservation(index, "1", 10 * MiB))));
    expect(first.filter((verdict) => verdict === "reserved")).toHaveLength(2);
    expect(first.filter((verdict) => verdict === "adminBytes")).toHaveLength(8);
    const second = await Promise.all(Array.from({ length: 10 }, (_, index) => reservations.reserve(reservation(20 + index, "2", MiB))));
    expect(second.filter((verdict) => verdict === "reserved")).toHaveLength(3);
    expect(second.filter((verdict) => verdict === "adminCount")).toHaveLength(7);
    expect(await reservations.usage("1")).toEqual({ allBytes: 23 * MiB, bytes: 20 * MiB, count: 2 });
    expect(await reservations.usage("2")).toEqual({ allBytes: 23 * MiB, bytes: 3 * MiB, count: 3 });
    expect(await reservations.reserve(reservation(40, "3", 25 * MiB))).toBe("reserved");
    expect(await reservations.reserve(reservation(41, "4", 5 * MiB))).toBe("disk");
  });

  run("releases a reservation once, however often it is released", async () => {
    const reservations = make(directory, LIMITS);
    expect(await reservations.reserve(reservation(1, "1", 30 * MiB))).toBe("reserved");
    expect(await reservations.reserve(reservation(2, "2", 10 * MiB))).toBe("reserved");
    await Promise.all([reservations.release(idOf(1)), reservations.release(idOf(1)), reservations.release(idOf(1))]);
    await reservations.release(idOf(99));
    expect(await reservations.usage("1")).toEqual({ allBytes: 10 * MiB, bytes: 0, count: 0 });
    expect(await reservations.usage("2")).toEqual({ allBytes: 10 * MiB, bytes: 10 * MiB, count: 1 });
    // A reservation made twice (a retried create) counts once.
    expect(await reservations.reserve(reservation(2, "2", 10 * MiB))).toBe("reserved");
    expect(await reservations.reserve(reservation(3, "3", 40 * MiB))).toBe("reserved");
    expect(await reservations.reserve(reservation(4, "3", 1))).toBe("disk");
  });

  run("rebuilds its counters from the uploads on disk when first used, without scanning again", async () => {
    const metadata = (admin: string) => ({ screen: "slider-manager", field: "file", filename: "lama.png", admin });
    await storeUpload(directory, 1, 20 * MiB, metadata("1"));
    await storeUpload(directory, 2, 20 * MiB, metadata("2"));
    await writeFile(path.join(directory, "rusak.json"), "{ bukan json");
    const reservations = make(directory, LIMITS);
    const stored = reservedBytesOf(20 * MiB, metadata("1"));
    expect(await reservations.usage("1")).toEqual({ allBytes: 2 * stored, bytes: stored, count: 1 });
    expect(await reservations.reserve(reservation(3, "3", 10 * MiB))).toBe("disk");
    // Released as on disk: the counters and the files agree.
    await reservations.release(idOf(1));
    expect(await reservations.usage("1")).toEqual({ allBytes: stored, bytes: 0, count: 0 });
    // Uploads that appear later are the reservations' own (made before their files): no second scan counts them.
    await storeUpload(directory, 4, 20 * MiB, metadata("4"));
    expect(await reservations.usage("4")).toEqual({ allBytes: stored, bytes: 0, count: 0 });
  });

  run("releases a reservation whose upload never reached the disk, once it is old enough", async () => {
    const reservations = make(directory, LIMITS);
    const hourAgo = Date.now() - 60 * 60 * 1000;
    await storeUpload(directory, 1, 10, { admin: "1" }, new Date(hourAgo));
    expect(await reservations.reserve(reservation(2, "1", 10 * MiB, hourAgo))).toBe("reserved");
    expect(await reservations.reserve(reservation(3, "1", 10 * MiB))).toBe("reserved");
    expect(await reservations.releaseVanished(Date.now() - 10 * 60 * 1000)).toBe(1);
    expect(await reservations.usage("1")).toEqual({ allBytes: 10 * MiB + reservedBytesOf(10, { admin: "1" }), bytes: 10 * MiB + reservedBytesOf(10, { admin: "1" }), count: 2 });
  });
});

describe.skipIf(skipRedis)("upload reservations in Redis, shared", () => {
  it("two processes' reservations share one ceiling, and Redis emptied is rebuilt from disk", async () => {
    const directory = await freshDirectory();
    // Two copies of the module's state, as two processes have.
    const [one, two] = [redisReservations(directory, LIMITS), redisReservations(directory, LIMITS)];
    const verdicts = await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 ? one : two).reserve(reservation(index, "1", 10 * MiB))));
    expect(verdicts.filter((verdict) => verdict === "reserved")).toHaveLength(5);

    // Redis restarted empty while an upload is on disk: the next reservation counts it first.
    const metadata = { admin: "1" };
    await storeUpload(directory, 100, 45 * MiB, metadata);
    await inspector!.flushAll();
    expect(await one.reserve(reservation(101, "2", 10 * MiB))).toBe("disk");
    expect(await two.usage("1")).toEqual({ allBytes: reservedBytesOf(45 * MiB, metadata), bytes: reservedBytesOf(45 * MiB, metadata), count: 1 });
  });

  it("machines with a disk each (an uploads directory each) have a ceiling each, and leave each other's reservations alone", async () => {
    const [mine, theirs] = [await freshDirectory(), await freshDirectory()];
    const here = redisReservations(mine, LIMITS);
    const there = redisReservations(theirs, LIMITS);
    const hourAgo = Date.now() - 60 * 60 * 1000;
    await storeUpload(theirs, 1, 40 * MiB, { admin: "1" }, new Date(hourAgo));
    expect(await there.reserve({ id: idOf(2), admin: "1", bytes: 5 * MiB, created: Date.now() })).toBe("reserved");
    expect(await here.reserve(reservation(3, "1", 45 * MiB))).toBe("reserved");
    // Not on this machine's disk, but not this machine's either.
    expect(await here.releaseVanished(Date.now() + 1000)).toBe(1);
    expect((await there.usage("1")).count).toBe(2);
  });
});
