import { randomUUID } from "node:crypto";
import { access, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { watchReservedUploadBytes } from "./metrics.server.ts";
import { KEY_PREFIX, withRedis } from "./redis.server.ts";

/**
 * The disk the resumable uploads hold, reserved when an upload is created, before a
 * byte is stored, and released when it is deleted: cancelled, expired, refused when finished, or
 * saved. The check and the reservation are one step, so uploads created at once cannot pass the
 * ceiling between them: in one process synchronous counters in memory, updated before any await;
 * with REDIS_URL one Lua script on counters in Redis, which every process shares.
 *
 * - An upload counts its declared size, its metadata and a fixed overhead for its description.
 * - Three limits: the disk of all uploads, one admin's share of it, how many uploads one admin holds.
 * - Each reservation is kept by upload id, so a release counts once however often it is made.
 * - The counters are rebuilt once from the descriptions on disk: in memory at first use, in Redis
 *   whenever Redis has lost them (its marker key is gone); never a scan per upload.
 * - In Redis the keys name the uploads directory by an id kept in it: processes and machines that
 *   share one directory (one disk) share one ceiling; machines with a disk each, one each.
 */

export interface ReservationLimits {
  diskMaxBytes: number;
  adminMaxBytes: number;
  adminMaxCount: number;
}

/** "reserved", or which limit refused it. */
export type Verdict = "reserved" | "disk" | "adminBytes" | "adminCount";

export interface Reservation {
  id: string;
  admin: string;
  bytes: number;
  /** When it was reserved (ms since the epoch). */
  created: number;
}

export interface Usage {
  /** Every upload's reserved bytes together. */
  allBytes: number;
  /** This admin's. */
  bytes: number;
  count: number;
}

export interface Reservations {
  reserve(reservation: Reservation): Promise<Verdict>;
  /** Idempotent: a reservation is released once, whoever asks again. */
  release(id: string): Promise<void>;
  /**
   * Releases reservations made before `before` whose upload is not on disk: a process that ended
   * between reserving and storing, a release lost to a Redis outage. Returns how many.
   */
  releaseVanished(before: number): Promise<number>;
  usage(admin: string): Promise<Usage>;
}

/** The description's own fields and its rounding up to the filesystem's blocks, beside its metadata. */
export const DESCRIPTION_OVERHEAD_BYTES = 4096;

/** What an upload reserves: its declared size, its metadata as stored, and the overhead. */
export function reservedBytesOf(size: number, metadata: Record<string, string | null> | undefined): number {
  return size + Buffer.byteLength(JSON.stringify(metadata ?? {})) + DESCRIPTION_OVERHEAD_BYTES;
}

const descriptionOf = (directory: string, id: string) => path.join(directory, `${id}.json`);
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Every upload on disk as a reservation, from its description (@tus/file-store's `<id>.json`). */
async function storedReservations(directory: string): Promise<Reservation[]> {
  const found: Reservation[] = [];
  for (const name of await readdir(directory).catch(() => [] as string[])) {
    if (!name.endsWith(".json")) continue;
    try {
      const { size, metadata, creation_date } = JSON.parse(await readFile(path.join(directory, name), "utf8")) as {
        size?: number;
        metadata?: Record<string, string | null>;
        creation_date?: string;
      };
      const created = Date.parse(creation_date ?? "");
      found.push({
        id: name.slice(0, -".json".length),
        admin: metadata?.admin ?? "",
        bytes: reservedBytesOf(typeof size === "number" ? size : 0, metadata),
        created: Number.isFinite(created) ? created : Date.now(),
      });
    } catch {
      // Being written (its reservation is already counted) or removed meanwhile.
    }
  }
  return found;
}

/**
 * Counts what is on disk: each upload not yet counted is added; one removed meanwhile (its
 * description gone after it was added) is released again, as its remover's release may have come first.
 */
async function adoptStored(directory: string, adopt: (reservation: Reservation) => Promise<void>, release: (id: string) => Promise<void>) {
  for (const reservation of await storedReservations(directory)) {
    await adopt(reservation);
    if (!(await exists(descriptionOf(directory, reservation.id)))) await release(reservation.id);
  }
}

async function vanished(directory: string, reservations: Iterable<Reservation>, before: number): Promise<string[]> {
  const ids: string[] = [];
  for (const { id, created } of reservations) {
    if (created < before && !(await exists(descriptionOf(directory, id)))) ids.push(id);
  }
  return ids;
}

/** One process: counters in memory, checked and updated with no await between. */
export function memoryReservations(directory: string, limits: ReservationLimits): Reservations {
  const entries = new Map<string, Reservation>();
  const admins = new Map<string, { bytes: number; count: number }>();
  let allBytes = 0;
  watchReservedUploadBytes(() => allBytes);

  const add = (reservation: Reservation) => {
    if (entries.has(reservation.id)) return;
    entries.set(reservation.id, reservation);
    const mine = admins.get(reservation.admin) ?? { bytes: 0, count: 0 };
    admins.set(reservation.admin, { bytes: mine.bytes + reservation.bytes, count: mine.count + 1 });
    allBytes += reservation.bytes;
  };
  const remove = (id: string) => {
    const reservation = entries.get(id);
    if (!reservation) return;
    entries.delete(id);
    const mine = admins.get(reservation.admin) ?? { bytes: 0, count: 0 };
    if (mine.count <= 1) admins.delete(reservation.admin);
    else admins.set(reservation.admin, { bytes: mine.bytes - reservation.bytes, count: mine.count - 1 });
    allBytes -= reservation.bytes;
  };

  let ready: Promise<void> | undefined;
  const rebuilt = () =>
    (ready ??= adoptStored(
      directory,
      async (reservation) => add(reservation),
      async (id) => remove(id),
    ).catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));

  return {
    async reserve(reservation) {
      await rebuilt();
      // From here to the end, no await: the check and the reservation are one step.
      const mine = admins.get(reservation.admin) ?? { bytes: 0, count: 0 };
      const verdict = verdictOf(limits, reservation.bytes, allBytes, mine.bytes, mine.count);
      if (verdict === "reserved") add(reservation);
      return verdict;
    },
    async release(id) {
      await rebuilt();
      remove(id);
    },
    async releaseVanished(before) {
      await rebuilt();
      const ids = await vanished(directory, [...entries.values()], before);
      for (const id of ids) remove(id);
      return ids.length;
    },
    async usage(admin) {
      await rebuilt();
      return { allBytes, bytes: admins.get(admin)?.bytes ?? 0, count: admins.get(admin)?.count ?? 0 };
    },
  };
}

/** The per-admin limits first: their refusal names what the admin can do about it. */
function verdictOf(limits: ReservationLimits, bytes: number, allBytes: number, adminBytes: number, adminCount: number): Verdict {
  if (adminCount + 1 > limits.adminMaxCount) return "adminCount";
  if (adminBytes + bytes > limits.adminMaxBytes) return "adminBytes";
  if (allBytes + bytes > limits.diskMaxBytes) return "disk";
  return "reserved";
}

/** The uploads directory's id, made by whichever process first needs it: no upload id (those are hex) can name it. */
async function directoryId(directory: string): Promise<string> {
  const file = path.join(directory, ".reservations-id");
  await mkdir(directory, { recursive: true });
  await writeFile(file, randomUUID(), { flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
  // Another process may have created it an instant ago and not yet written it.
  for (let attempt = 0; attempt < 50; attempt++) {
    const id = (await readFile(file, "utf8")).trim();
    if (id) return id;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${file} stays empty`);
}

/** Its reservations by upload id, its totals, and a marker present while Redis holds them all (gone: rebuilt from disk). */
async function keysOf(directory: string): Promise<[entries: string, totals: string, built: string]> {
  const prefix = `${KEY_PREFIX}upload-reservations:${await directoryId(directory)}:`;
  return [`${prefix}entries`, `${prefix}totals`, `${prefix}built`];
}

/**
 * Reserves in one step (the same order as `verdictOf`). ARGV: id, admin, bytes, created, the
 * three limits, and "adopt" (counted whatever the limits, for the rebuild). Entries are
 * "<bytes> <created> <admin>"; the totals hash holds "all", "bytes:<admin>" and "count:<admin>".
 */
const RESERVE_SCRIPT = `
local adopt = ARGV[8] == "1"
if not adopt and redis.call("exists", KEYS[3]) == 0 then return "rebuild" end
if redis.call("hexists", KEYS[1], ARGV[1]) == 1 then return "reserved" end
local bytes = tonumber(ARGV[3])
if not adopt then
  if tonumber(redis.call("hget", KEYS[2], "count:" .. ARGV[2]) or "0") + 1 > tonumber(ARGV[7]) then return "adminCount" end
  if tonumber(redis.call("hget", KEYS[2], "bytes:" .. ARGV[2]) or "0") + bytes > tonumber(ARGV[6]) then return "adminBytes" end
  if tonumber(redis.call("hget", KEYS[2], "all") or "0") + bytes > tonumber(ARGV[5]) then return "disk" end
end
redis.call("hset", KEYS[1], ARGV[1], ARGV[3] .. " " .. ARGV[4] .. " " .. ARGV[2])
redis.call("hincrby", KEYS[2], "all", ARGV[3])
redis.call("hincrby", KEYS[2], "bytes:" .. ARGV[2], ARGV[3])
redis.call("hincrby", KEYS[2], "count:" .. ARGV[2], 1)
return "reserved"`;

/** Releases the reservation of ARGV[1] if it still stands; 1 if it did. */
const RELEASE_SCRIPT = `
local entry = redis.call("hget", KEYS[1], ARGV[1])
if not entry then return 0 end
local bytes, created, admin = string.match(entry, "^(%d+) (%d+) (.*)$")
redis.call("hdel", KEYS[1], ARGV[1])
redis.call("hincrby", KEYS[2], "all", "-" .. bytes)
if redis.call("hincrby", KEYS[2], "count:" .. admin, -1) <= 0 then
  redis.call("hdel", KEYS[2], "count:" .. admin, "bytes:" .. admin)
else
  redis.call("hincrby", KEYS[2], "bytes:" .. admin, "-" .. bytes)
end
return 1`;

/** Several processes sharing REDIS_URL (and DATA_DIR): the counters in Redis. Its failures are RedisUnavailable. */
export function redisReservations(directory: string, limits: ReservationLimits): Reservations {
  let known: ReturnType<typeof keysOf> | undefined;
  const keys = () =>
    (known ??= keysOf(directory).catch((error: unknown) => {
      known = undefined;
      throw error;
    }));
  watchReservedUploadBytes(async () => {
    const [, totals] = await keys();
    return Number((await withRedis((client) => client.hGet(totals, "all"))) ?? 0);
  });
  const reserveIn = async (reservation: Reservation, adopt: boolean) => {
    const [entries, totals, built] = await keys();
    return withRedis(
      async (client) =>
        (await client.eval(RESERVE_SCRIPT, {
          keys: [entries, totals, built],
          arguments: [
            reservation.id,
            reservation.admin,
            String(reservation.bytes),
            String(Math.round(reservation.created)),
            String(limits.diskMaxBytes),
            String(limits.adminMaxBytes),
            String(limits.adminMaxCount),
            adopt ? "1" : "0",
          ],
        })) as Verdict | "rebuild",
    );
  };
  const release = async (id: string) => {
    const [entries, totals] = await keys();
    await withRedis((client) => client.eval(RELEASE_SCRIPT, { keys: [entries, totals], arguments: [id] }));
  };
  const isBuilt = async () => {
    const [, , built] = await keys();
    return (await withRedis((client) => client.exists(built))) === 1;
  };
  // Processes rebuilding at once add each upload once: adopting an id already counted does nothing.
  let rebuilding: Promise<void> | undefined;
  const rebuild = () =>
    (rebuilding ??= adoptStored(directory, async (reservation) => void (await reserveIn(reservation, true)), release)
      .then(keys)
      .then(([, , built]) => withRedis((client) => client.set(built, "1")))
      .then(() => undefined)
      .finally(() => (rebuilding = undefined)));

  return {
    async reserve(reservation) {
      const verdict = await reserveIn(reservation, false);
      if (verdict !== "rebuild") return verdict;
      await rebuild();
      const again = await reserveIn(reservation, false);
      return again === "rebuild" ? "disk" : again;
    },
    release,
    async releaseVanished(before) {
      const [entries] = await keys();
      const stored = await withRedis((client) => client.hGetAll(entries));
      const reservations = Object.entries(stored).map(([id, entry]) => ({ id, admin: "", bytes: 0, created: Number(entry.split(" ")[1]) }));
      const ids = await vanished(directory, reservations, before);
      for (const id of ids) await release(id);
      return ids.length;
    },
    async usage(admin) {
      if (!(await isBuilt())) await rebuild();
      const [, totals] = await keys();
      const [all, bytes, count] = await withRedis((client) => client.hmGet(totals, ["all", `bytes:${admin}`, `count:${admin}`]));
      return { allBytes: Number(all ?? 0), bytes: Number(bytes ?? 0), count: Number(count ?? 0) };
    },
  };
}
