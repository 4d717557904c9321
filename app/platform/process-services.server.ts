import type { ProcessServices } from "@server/app-services.server";
import { startBackgroundJobs, stopBackgroundJobs } from "./background-jobs.server.ts";
import { closeEarlyRelays } from "./early-relays.server.ts";
import { metricsRegistry } from "./metrics.server.ts";
import { publicPageCache } from "./page-cache.server.ts";
import { closeRedis, connectRedis, redisReady } from "./redis.server.ts";
import { releaseUploadLocks } from "./upload-locker.server.ts";
import { startUploads } from "./uploads.server.ts";

/**
 * The app's stateful services the process needs (server/app-services.server.ts says which and
 * why). The build's entry module re-exports this object and the process takes it from there:
 * one copy of each module, one cache and one set of connections, no registry on globalThis.
 */
export const processServices: ProcessServices = {
  publicPageCache,
  connectRedis,
  closeRedis,
  redisReady,
  startUploads,
  // The uploads' early relays end with the process: a save on another process sends the stored file itself.
  releaseUploadLocks: (waitMs) => {
    closeEarlyRelays();
    return releaseUploadLocks(waitMs);
  },
  startBackgroundJobs,
  stopBackgroundJobs,
  metricsRegistry,
};
