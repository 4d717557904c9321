import { mkdir } from "node:fs/promises";
import path from "node:path";
import { openEdit, save, withValue, type OpenForm } from "../../hard/edit-forms.ts";
import { missingTools, REDIS_SERVER, startRedisServer, type RedisServer } from "../../hard/scale-out-support.ts";
import type { AdminScreen } from "../../hard/screens.ts";
import { publisherScreen } from "~/resources/publishers/publishers";
import { removeDir, tempDir } from "../../e2e/helpers/processes.ts";
import { lockKey, withRecordLocks } from "~/platform/record-locks.server";
import { closeRedis, connectRedis } from "~/platform/redis.server";
import type { BenchRow, BenchSuite } from "../types.ts";
import { adminCookie, median, withBenchStack } from "../support.ts";

/**
 * Issue 46, point 1: saves of one record go one at a time (app/platform/record-locks.server.ts);
 * saves of different records must not be slowed by it. Measured two ways, in the same run, on
 * one process (the locks in its memory) and on one with Redis (each lock a round trip to take
 * and one to let go):
 * - **Side by side**: with every upstream call 20 ms late (a save mostly waits, as on a real
 *   network), ten saves of ten different publishers sent at once against one save alone, in turns.
 *   Held behind each other they would take ten saves' time; the rest of the gap is the machine's
 *   two cores and the reference API's one SQLite writer, which no lock changes.
 * - **The lock's own cost**: a save's locks taken and let go (the record's, in this bench's
 *   process, against the same Redis) against one save's median.
 */

const UPSTREAM_LATENCY_MS = 20;
const RECORDS = 10;
const ROUNDS = 15;
const LOCK_ROUNDS = 2_000;
/** Ten at once over ten one after another: at most half (side by side, not queued). */
const TARGET_SIDE_BY_SIDE = 0.5;
const TARGET_LOCK_SHARE = 0.02;

const publishers = { path: `/admin/${publisherScreen.id}`, definition: publisherScreen as unknown as AdminScreen["definition"] };

async function measure(bffUrl: string): Promise<{ single: number; together: number }> {
  const cookie = await adminCookie(bffUrl);
  // Ten publishers of its own, made through the site.
  const ids: string[] = [];
  for (let n = 0; n < RECORDS; n++) {
    const name = `Penerbit Bench ${n}`;
    const made = await save(bffUrl, cookie, publishers, undefined, [["intent", "create"], ["name", name], ["address", ""], ["about", ""], ["email", ""], ["phone", ""]]);
    if (made.status !== 302) throw new Error(`creating ${name} answered ${made.status}`);
  }
  const list = await (await fetch(`${bffUrl}/admin/publisher?q=Penerbit%20Bench&size=50`, { headers: { cookie } })).text();
  for (const [, id] of list.matchAll(/modal=edit&amp;id=(\d+)/g)) if (!ids.includes(id)) ids.push(id);
  if (ids.length < RECORDS) throw new Error(`found ${ids.length} of the bench's ${RECORDS} publishers`);

  let round = 0;
  /** The saves of `forms` sent at once (each changing its address): milliseconds until the last answered. */
  const saveAtOnce = async (forms: OpenForm[]) => {
    round += 1;
    const started = performance.now();
    const answers = await Promise.all(forms.map((form, n) => save(bffUrl, cookie, publishers, form.id, withValue(form.entries, "address", `ALAMAT ${round}-${n}`))));
    const took = performance.now() - started;
    const refused = answers.find((answer) => answer.status !== 302);
    if (refused) throw new Error(`a save answered ${refused.status}: ${JSON.stringify(refused.data?.alert ?? refused.data?.result)}`);
    return took;
  };
  // Each form opened anew before its save (not timed), as the admin's is: a save merges with what its form showed.
  const open = (few: string[]) => Promise.all(few.map((id) => openEdit(bffUrl, cookie, publishers, id)));
  const single: number[] = [];
  const together: number[] = [];
  for (let warmup = 0; warmup < 3; warmup++) await saveAtOnce(await open(ids.slice(0, RECORDS)));
  for (let i = 0; i < ROUNDS; i++) {
    single.push(await saveAtOnce(await open(ids.slice(0, 1))));
    together.push(await saveAtOnce(await open(ids.slice(0, RECORDS))));
  }
  return { single: median(single), together: median(together) };
}

/** Milliseconds to take a record's lock and let go of it, the median of LOCK_ROUNDS (in this process, or in Redis once connected). */
async function lockCost(): Promise<number> {
  const times: number[] = [];
  for (let n = 0; n < LOCK_ROUNDS; n++) {
    const started = performance.now();
    await withRecordLocks([lockKey("record", "publishers", String(n % RECORDS))], async () => undefined);
    times.push(performance.now() - started);
  }
  return median(times);
}

const suite: BenchSuite = {
  name: "record-locks",
  async run() {
    const rows: BenchRow[] = [];
    const report = (where: string, { single, together }: { single: number; together: number }, lock: number) => {
      const bench = `saves of different records, ${where}`;
      const sideBySide = together / (RECORDS * single);
      const share = lock / single;
      rows.push(
        { bench, metric: "one save alone: median", value: single, unit: "ms" },
        { bench, metric: `${RECORDS} saves of ${RECORDS} records at once: median`, value: together, unit: "ms" },
        { bench, metric: `${RECORDS} at once / ${RECORDS} one after another`, value: sideBySide, unit: "x", target: `<= ${TARGET_SIDE_BY_SIDE}`, met: sideBySide <= TARGET_SIDE_BY_SIDE },
        { bench, metric: "a save's lock, taken and let go: median", value: lock * 1000, unit: "µs" },
        { bench, metric: "the lock, of one save's time", value: share * 100, unit: "%", target: `<= ${TARGET_LOCK_SHARE * 100}`, met: share <= TARGET_LOCK_SHARE },
      );
    };
    report("one process", await withBenchStack({ upstreamLatencyMs: UPSTREAM_LATENCY_MS }, ({ bff }) => measure(bff.url)), await lockCost());
    if (missingTools([REDIS_SERVER])) return rows;
    const dir = await tempDir("bench-locks-redis");
    let redis: RedisServer | undefined;
    try {
      await mkdir(path.join(dir, "redis"));
      redis = await startRedisServer(path.join(dir, "redis"));
      const url = redis.url;
      const saves = await withBenchStack({ upstreamLatencyMs: UPSTREAM_LATENCY_MS, bffEnv: { REDIS_URL: url } }, ({ bff }) => measure(bff.url));
      await connectRedis(url);
      try {
        report("the locks in Redis", saves, await lockCost());
      } finally {
        await closeRedis();
      }
    } finally {
      await redis?.stop();
      await removeDir(dir);
    }
    return rows;
  },
};

export default suite;
