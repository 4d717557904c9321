import type { RequestHandler } from "express";
import type { Registry } from "prom-client";

/**
 * What the process needs of the app's stateful services: the whole-page cache, which the app
 * clears on every admin change, and the Redis connections, which the app's sessions, login
 * throttle and cache clears use. The process takes them from the Remix build (its entry module
 * exports `processServices`, app/platform/process-services.server.ts), never from source: one copy
 * of each module, and the process imports nothing from app/.
 */
export interface ProcessServices {
  publicPageCache(): RequestHandler;
  connectRedis(url: string): Promise<void>;
  closeRedis(): Promise<void>;
  redisReady(): Promise<boolean>;
  /** At start, after Redis: the resumable uploads' store, reservations and sweep (app/platform/uploads.server.ts). */
  startUploads(): Promise<void>;
  /**
   * On shutdown, once the listener is closed: every resumable upload's request ends with what it
   * stored and lets go of its lock (app/platform/upload-locker.server.ts), and every early relay of
   * one to the upstream is aborted (app/platform/early-relays.server.ts); resolves when no lock is held.
   */
  releaseUploadLocks(waitMs: number): Promise<void>;
  /** At start, after Redis: this process's worker on the background jobs' queue (app/platform/background-jobs.server.ts; nothing without Redis). */
  startBackgroundJobs(): Promise<void>;
  /** On shutdown, before Redis closes: the jobs under way here go back to the queue, for another process. */
  stopBackgroundJobs(): Promise<void>;
  /**
   * The one Prometheus registry (app/platform/metrics.server.ts), with the app's metrics on it: the
   * process adds its request metrics and Node's defaults and serves it on METRICS_PORT
   * (server/metrics.server.ts).
   */
  metricsRegistry: Registry;
}
