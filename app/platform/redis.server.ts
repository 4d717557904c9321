import type { createClient } from "redis";
import { ConfigError } from "@server/config.server";
import { errorFields, log } from "@server/log.server";
import { countRedisReconnect } from "./metrics.server.ts";

/**
 * A process's Redis connections (one for commands, one subscribed to broadcasts), used when
 * REDIS_URL is set: several processes share sessions, login throttling and cache invalidations
 * through them. Connected at start, failing fast; afterwards it reconnects with backoff, and a command made while it is down fails at once
 * with RedisUnavailable (its callers answer 503) instead of waiting in a queue.
 */

export type RedisClient = ReturnType<typeof createClient>;

/** Every key and channel of this application starts with this (one Redis may serve others too). */
export const KEY_PREFIX = "dispusip:";
const BROADCAST_CHANNEL = `${KEY_PREFIX}broadcast`;
const COMMAND_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT_MS = 5_000;
const MAX_RECONNECT_DELAY_MS = 5_000;

/** Renews a lease (its key's expiry, ARGV[2] ms) only while the key still holds its holder's token (ARGV[1]). */
export const RENEW_LEASE_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;

/** Redis could not answer a command (down, unreachable or too slow). */
export class RedisUnavailable extends Error {
  constructor(cause: unknown) {
    super(`Redis unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "RedisUnavailable";
  }
}

type BroadcastListener = (message: string | undefined) => void;

interface Connections {
  client?: RedisClient;
  subscriber?: RedisClient;
  listeners: Set<BroadcastListener>;
}

// One copy: the process reaches the connections through the build (process-services.server.ts).
const shared: Connections = { listeners: new Set() };

// The client library is loaded only when REDIS_URL is set: its import alone costs about 0.2 s of a
// start, for every process that has no Redis.
function newClient(create: typeof createClient, url: string, role: string): RedisClient {
  let connected = false;
  let reportedDown = false;
  const client = create({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      // At start a failure is final (fail fast); once connected, retry for ever with backoff.
      reconnectStrategy: (retries, cause) => (connected ? Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS) : cause),
    },
  });
  client.on("ready", () => {
    if (reportedDown) log("redis_reconnected", { role });
    if (connected) countRedisReconnect(role);
    connected = true;
    reportedDown = false;
  });
  // Without a listener an 'error' event would crash the process; one line per outage is enough.
  client.on("error", (error: Error) => {
    if (!connected || reportedDown) return;
    reportedDown = true;
    log("redis_unavailable", { role, ...errorFields(error) });
  });
  return client;
}

/**
 * Opens the command connection and the subscriber for broadcasts. Throws a ConfigError with
 * one line when Redis cannot be reached, so that a misconfigured process never starts serving.
 */
export async function connectRedis(url: string): Promise<void> {
  if (shared.client) return;
  const { createClient: create } = await import("redis");
  const client = newClient(create, url, "commands");
  const subscriber = newClient(create, url, "subscriber");
  // The client's own connect timeout does not keep the process alive: with nothing else pending
  // (an address that drops every packet) Node would end the start half-way, in several lines.
  let deadline: NodeJS.Timeout | undefined;
  const noAnswer = new Promise<never>((_, reject) => {
    deadline = setTimeout(() => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS);
  });
  const connecting = (async () => {
    await client.connect();
    await subscriber.connect();
    await subscriber.subscribe(BROADCAST_CHANNEL, (message) => {
      for (const listener of shared.listeners) listener(message);
    });
  })();
  // Given up on, its own failure comes later and says nothing more.
  connecting.catch(() => undefined);
  try {
    await Promise.race([connecting, noAnswer]);
  } catch (error) {
    for (const connection of [client, subscriber]) if (connection.isOpen) connection.destroy();
    throw new ConfigError(`Invalid configuration: REDIS_URL cannot be reached (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    clearTimeout(deadline);
  }
  // Broadcasts sent while the subscriber was away are lost: listeners hear that they may have missed some.
  subscriber.on("ready", () => {
    for (const listener of shared.listeners) listener(undefined);
  });
  shared.client = client;
  shared.subscriber = subscriber;
}

/** Closes both connections (graceful shutdown); waits for commands in flight. */
export async function closeRedis(): Promise<void> {
  const { client, subscriber } = shared;
  shared.client = shared.subscriber = undefined;
  await Promise.all([client, subscriber].map((connection) => (connection?.isOpen ? connection.close() : undefined)));
}

/** Whether this process shares its state through Redis (REDIS_URL was set and connected at start). */
export function usesRedis(): boolean {
  return shared.client !== undefined;
}

/** For /readyz: true without Redis, or when Redis answers a PING. */
export function redisReady(): Promise<boolean> {
  if (!usesRedis()) return Promise.resolve(true);
  return withRedis((client) => client.ping()).then(
    () => true,
    () => false,
  );
}

/** Runs commands on the shared connection; any failure becomes RedisUnavailable. */
export async function withRedis<T>(work: (client: RedisClient) => Promise<T>): Promise<T> {
  const { client } = shared;
  if (!client) throw new RedisUnavailable("not connected");
  try {
    return await work(client);
  } catch (error) {
    throw new RedisUnavailable(error);
  }
}

/** Sends a message to every process (this one included). */
export function broadcast(message: string): Promise<void> {
  return withRedis(async (client) => {
    await client.publish(BROADCAST_CHANNEL, message);
  });
}

/**
 * Hears every broadcast; `undefined` means broadcasts may have been missed (the subscriber was
 * disconnected). Registered once per module copy, for the life of the process.
 */
export function onBroadcast(listener: BroadcastListener): void {
  shared.listeners.add(listener);
}

/** Whether broadcasts reach this process right now. */
export function hearsBroadcasts(): boolean {
  return shared.subscriber?.isReady ?? false;
}
