import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { afterAll, beforeAll } from "vitest";
import { closeRedis, connectRedis } from "~/platform/redis.server";
import { startRedisServer, type RedisServer } from "../hard/scale-out-support";

export interface ConnectedRedis {
  /** Debian's redis-server on a free loopback port (`stop` and `start` make an outage). */
  readonly server: RedisServer;
  /** A connection of its own that looks at Redis the way an operator would; it sees an outage too. */
  readonly inspector: ReturnType<typeof createClient>;
}

/**
 * For the describe block it is called in: a real redis-server, this process's app connections to
 * it (`connectRedis`, as REDIS_URL does at start), and an inspector; all closed after the block.
 */
export function useConnectedRedis(name: string): ConnectedRedis {
  let dir: string;
  const redis = {} as { server: RedisServer; inspector: ReturnType<typeof createClient> };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), `dispusip-${name}-`));
    redis.server = await startRedisServer(dir);
    await connectRedis(redis.server.url);
    redis.inspector = createClient({ url: redis.server.url });
    // Its reconnection after an outage is its own business.
    redis.inspector.on("error", () => {});
    await redis.inspector.connect();
  });
  afterAll(async () => {
    redis.inspector?.destroy();
    await closeRedis();
    await redis.server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return redis;
}
