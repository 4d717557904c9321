import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { metricsRegistry } from "~/platform/metrics.server";
import { closeRedis, connectRedis, KEY_PREFIX, onBroadcast, redisReady } from "~/platform/redis.server";
import { commitSession, getSession, startSession } from "~/platform/session.server";
import { missingTools, REDIS_SERVER, startRedisServer, type RedisServer } from "../hard/scale-out-support";
import { startRedisLine, type OutageShape, type RedisLine } from "../helpers/redis-line";
import { request } from "../helpers/sessions";

/**
 * The process's Redis connections come back, and for real, after outages whose connections end
 * during the client's handshake. node-redis 5.9 took such an end for a handshake done: it said
 * "ready" on a closed connection and stayed so, every command failing until a restart (#3108).
 * Each outage here ends each new connection in one way, then lets them through again.
 */

const skipReason = missingTools([REDIS_SERVER]);
if (skipReason) console.warn(`redis-reconnect: skipped, ${skipReason}`);

const ADMIN = { id: 7, name: "Admin", email: "admin@dispusip.local", role: 2 };
// Far beyond the longest wait between two attempts (5 s): a client that never comes back fails
// here, a busy machine does not.
const COMES_BACK_WITHIN_MS = 30_000;

/** vi.waitUntil's bound, past which a check that never settles (a command on a dead connection) fails too. */
const within = (message: string) => ({ timeout: COMES_BACK_WITHIN_MS, interval: 25, message });

async function reconnectsCounted(role: string): Promise<number> {
  const { values } = await metricsRegistry.getSingleMetric("dispusip_redis_reconnects_total")!.get();
  return values.find((sample) => sample.labels.role === role)?.value ?? 0;
}

describe.skipIf(skipReason)("Redis connections after an outage", () => {
  let dir: string;
  let server: RedisServer;
  let line: RedisLine;
  // Another process, connected straight to Redis: it sends the broadcasts this one must hear.
  let elsewhere: ReturnType<typeof createClient>;
  const heard: (string | undefined)[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "dispusip-redis-reconnect-"));
    server = await startRedisServer(dir);
    line = await startRedisLine(server.port);
    await connectRedis(line.url);
    onBroadcast((message) => heard.push(message));
    elsewhere = createClient({ url: server.url });
    await elsewhere.connect();
  });
  afterAll(async () => {
    elsewhere?.destroy();
    await closeRedis();
    await line?.close();
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const shapes: OutageShape[] = ["reset at once", "closed at the handshake", "reset at the handshake", "half an answer, then closed"];
  it.each(shapes)("comes back after an outage whose connections are %s", async (shape) => {
    const counted = { commands: await reconnectsCounted("commands"), subscriber: await reconnectsCounted("subscriber") };
    line.cut(shape);
    // Both connections have tried again, and failed in this shape, at least twice between them.
    const refusedBefore = line.refused;
    await vi.waitUntil(() => line.refused >= refusedBefore + 4, within("the connections try again during the outage"));
    // The first answer to a PING, whatever it is.
    const { ready } = await vi.waitUntil(async () => ({ ready: await redisReady() }), within("a PING answered during the outage"));
    expect(ready).toBe(false);

    line.restore();
    await vi.waitUntil(() => redisReady(), within("a PING is answered again"));
    // An admin's session is stored and read back through the connection that came back.
    const session = await startSession(`token ${shape}`, ADMIN);
    const cookie = (await commitSession(session)).split(";")[0];
    expect((await getSession(request("/admin", { cookie }))).get("token")).toBe(`token ${shape}`);
    // Another process's broadcast is heard again.
    const message = `cache:clear:after ${shape}`;
    await vi.waitUntil(async () => {
      await elsewhere.publish(`${KEY_PREFIX}broadcast`, message);
      return heard.includes(message);
    }, within("a broadcast is heard again"));
    // Each connection came back once: a "ready" said on a connection that had already ended would count twice.
    expect(await reconnectsCounted("commands")).toBe(counted.commands + 1);
    expect(await reconnectsCounted("subscriber")).toBe(counted.subscriber + 1);
  }, 2 * COMES_BACK_WITHIN_MS);
});
