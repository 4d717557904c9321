import type { RequestHandler } from "express";

/**
 * What the process needs of the app's stateful services: the whole-page cache, which the app
 * clears on every admin change, and the Redis connections, which the app's sessions, login
 * throttle and cache clears use. The process takes them from the Remix build (its entry module
 * exports `processServices`, app/bff/process-services.server.ts), never from source: one copy
 * of each module, and the process imports nothing from app/.
 */
export interface ProcessServices {
  publicPageCache(): RequestHandler;
  connectRedis(url: string): Promise<void>;
  closeRedis(): Promise<void>;
  redisReady(): Promise<boolean>;
}
