import type { Job, Queue, Worker } from "bullmq";
import { data as dataResponse } from "@remix-run/node";
import { MESSAGES } from "~/config/messages";
import { waitAtMost } from "~/lib/wait-at-most";
import { getConfig } from "@server/config.server";
import { errorFields, log } from "@server/log.server";
import { KEY_PREFIX, usesRedis } from "./redis.server.ts";

/**
 * Work that outlives the request that began it (an import's preview and run), begun by one
 * request and done by whichever process can.
 *
 * - **With Redis** (REDIS_URL): a BullMQ queue. Every process runs a worker; a job is one kind's
 *   work on one key (a job id per key, so a second start of work already queued or under way adds
 *   nothing). A process that dies mid-job stops renewing BullMQ's lock on it, and another
 *   process's stalled-job check takes it again; a process that shuts down hands its jobs back at
 *   once (their signal aborts, and what the work did not finish goes back to the queue).
 * - **Without**: the work runs in this process, as it always did with one process.
 *
 * A kind's work must therefore be safe to begin again where it was left (an import resumes from
 * its outcomes file), and carry only ids in its data: no token is kept in the queue (the work
 * reads the admin's session by its id, so a logout ends what has not begun).
 */

/** Does one job; `signal` aborts when the process shuts down: the work stops where it safely can and returns. */
export type BackgroundWork<T> = (data: T, signal: AbortSignal) => Promise<void>;

export interface BackgroundKind<T> {
  /** Begins the work on `key` with `data`; resolves once it is queued (or, in one process, under way). */
  start(key: string, data: T): Promise<void>;
}

const QUEUE_NAME = "background";
/** Jobs one process works on at once (each an import: mostly waiting on the upstream). */
const CONCURRENCY = 4;
/** How often a job whose process died may be taken again before it is given up (and logged). */
const MAX_STALLED = 5;
/**
 * A worker's lock on its job, renewed at half this while the process lives; the stalled-job check
 * runs as often. A dead process's job is taken again within about twice this (BullMQ's default
 * is 30 s: an admin would wait a minute for a run to go on).
 */
const LOCK_MS = 15_000;
/** How long a shutdown waits for its jobs to reach a safe point before leaving them to the stalled-job check. */
const HANDOVER_WAIT_MS = 10_000;

const kinds = new Map<string, BackgroundWork<never>>();
/** The signals of the jobs under way in this process, aborted at shutdown. */
const underWay = new Map<AbortController, Promise<unknown>>();

interface Connected {
  queue: Queue;
  worker: Worker;
}
let connected: Connected | undefined;

/** Declares a kind of work by its name (once per module copy, at load: every process's worker must know it before it takes a job). */
export function backgroundKind<T>(name: string, work: BackgroundWork<T>): BackgroundKind<T> {
  kinds.set(name, work as BackgroundWork<never>);
  return {
    async start(key, data) {
      if (connected) {
        try {
          // A job id per kind and key: BullMQ adds nothing while one is waiting or under way.
          await connected.queue.add(name, data, { jobId: `${name}-${key}` });
        } catch (error) {
          // Redis away: the request's 503, as a session's read would answer.
          log("background_jobs_unavailable", { kind: name, ...errorFields(error) });
          throw dataResponse({ message: MESSAGES.upstreamUnavailable }, { status: 503 });
        }
        return;
      }
      void runHere(name, data);
    },
  };
}

/**
 * Runs one job's work in this process with a signal of its own; a failure is logged, never thrown.
 * Stopped by a shutdown, `handBack` gives the job back before the shutdown goes on (it waits for
 * both). Resolves true when the work was stopped so.
 */
async function runHere(name: string, data: unknown, handBack?: () => Promise<void>): Promise<boolean> {
  const work = kinds.get(name);
  if (!work) {
    log("background_job_unknown", { kind: name });
    return false;
  }
  const controller = new AbortController();
  const running = (async () => {
    try {
      await work(data as never, controller.signal);
    } catch (error) {
      log("background_job_failed", { kind: name, ...errorFields(error) });
    }
    if (controller.signal.aborted) await handBack?.().catch((error: unknown) => log("background_job_not_handed_back", { kind: name, ...errorFields(error) }));
  })();
  underWay.set(controller, running);
  try {
    await running;
  } finally {
    underWay.delete(controller);
  }
  return controller.signal.aborted;
}

/** At start, after Redis: this process's worker on the shared queue (nothing without Redis). */
export async function startBackgroundJobs(): Promise<void> {
  const url = getConfig().redisUrl;
  if (!usesRedis() || !url || connected) return;
  const [{ Queue, Worker, DelayedError }, { createClient }] = await Promise.all([import("bullmq"), import("redis")]);
  // Connections of their own. The queue's (a request adds a job) fails at once while Redis is away,
  // as the app's does; the worker's waits in blocking reads, so it has no command timeout.
  const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** retries, 5_000);
  const prefix = KEY_PREFIX.slice(0, -1);
  // No version check: BullMQ asks it (INFO) as each connection starts and keeps the outcome for
  // good. Cut by Redis going away just then, the connection failed every later call at once, and
  // the worker's loop tried again without a pause: the process stopped answering, at full CPU.
  // Without it a connection's start only waits for Redis, which its client retries for ever.
  const skipVersionCheck = true;
  const queue = new Queue(QUEUE_NAME, {
    connection: createClient({ url, disableOfflineQueue: true, commandOptions: { timeout: 2_000 }, socket: { reconnectStrategy } }),
    prefix,
    skipVersionCheck,
    defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
  });
  const worker = new Worker(
    QUEUE_NAME,
    async (job: Job, token?: string) => {
      // Shut down mid-job: back to the queue now, for another process, not after the stalled-job check.
      const handedBack = await runHere(job.name, job.data, () => job.moveToDelayed(Date.now(), token));
      // BullMQ's way of leaving a job it has moved itself: not completed.
      if (handedBack) throw new DelayedError();
    },
    { connection: createClient({ url, socket: { reconnectStrategy } }), prefix, skipVersionCheck, concurrency: CONCURRENCY, maxStalledCount: MAX_STALLED, lockDuration: LOCK_MS, stalledInterval: LOCK_MS },
  );
  // Without listeners an 'error' event would end the process; the connections reconnect by themselves,
  // failing again at each try while Redis is away: one line a minute is enough.
  const lastLogged = { queue: 0, worker: 0 };
  const logError = (role: keyof typeof lastLogged) => (error: Error) => {
    if (Date.now() - lastLogged[role] < 60_000) return;
    lastLogged[role] = Date.now();
    log("background_jobs_redis_error", { role, ...errorFields(error) });
  };
  queue.on("error", logError("queue"));
  worker.on("error", logError("worker"));
  worker.on("stalled", (id: string) => log("background_job_taken_again", { job: id }));
  // Taken again MAX_STALLED times (or lost its lock some other way): given up, and the operator told.
  worker.on("failed", (job, error) => log("background_job_given_up", { job: job?.id, kind: job?.name, ...errorFields(error) }));
  connected = { queue, worker };
}

/**
 * At shutdown, before Redis closes: the worker takes no more jobs, every job under way is asked
 * to stop (its signal) and given a few seconds to reach a safe point and go back to the queue; a
 * job still working then is left to another process's stalled-job check.
 */
export async function stopBackgroundJobs(): Promise<void> {
  const closing = connected;
  connected = undefined;
  // Closed first, the worker leaves its blocking read before any job goes back: the job's wake-up
  // then reaches another process's worker, not this one's (which would take the job back just
  // before exiting, or leave it unseen for BullMQ's drainDelay). It resolves once its jobs are done.
  const workerClosed = closing?.worker.close().catch((error: unknown) => log("background_jobs_close_failed", errorFields(error)));
  for (const controller of underWay.keys()) controller.abort();
  await waitAtMost(Promise.allSettled([...underWay.values(), workerClosed]), HANDOVER_WAIT_MS);
  await closing?.queue.close().catch((error: unknown) => log("background_jobs_close_failed", errorFields(error)));
}
