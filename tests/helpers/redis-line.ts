import { createServer, connect, type Socket } from "node:net";

/**
 * How a Redis outage looks to the client's new connections, each a way real ones end: a server
 * going down resets what reaches it; a proxy in front of a stopped Redis (Docker's, HAProxy)
 * accepts and then closes at the first bytes, or sends part of an answer first.
 */
export type OutageShape = "reset at once" | "closed at the handshake" | "reset at the handshake" | "half an answer, then closed";

export interface RedisLine {
  /** The address the app is given: this line's port, held from start to end. */
  readonly url: string;
  /** Connections the line has ended so far, in an outage or at a failed command. */
  readonly refused: number;
  /** Ends every connection through the line; new ones end in the given shape until `restore`. */
  cut(shape: OutageShape): void;
  /** Resets each connection that sends this command (e.g. "INFO"), until `restore`: Redis gone just then. */
  failCommand(name: string): void;
  restore(): void;
  close(): Promise<void>;
}

/**
 * A line to a real Redis that a test can cut. Unlike stopping redis-server, its port is never
 * free during an outage, so nothing else on a busy machine can take it in the meantime.
 */
export async function startRedisLine(redisPort: number): Promise<RedisLine> {
  const open = new Set<Socket>();
  let outage: OutageShape | undefined;
  let failing: RegExp | undefined;
  let refused = 0;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on("error", () => undefined).once("close", () => open.delete(socket));
  };
  const server = createServer((client) => {
    track(client);
    if (outage === undefined) {
      // Before the pipe's own listener: the connection is reset before a reply can come back.
      client.on("data", (chunk: Buffer) => {
        if (!failing?.test(chunk.toString("latin1"))) return;
        refused++;
        client.resetAndDestroy();
      });
      const redis = connect(redisPort, "127.0.0.1");
      track(redis);
      redis.once("close", () => client.destroy());
      client.once("close", () => redis.destroy());
      client.pipe(redis).pipe(client);
      return;
    }
    refused++;
    if (outage === "reset at once") client.resetAndDestroy();
    else if (outage === "closed at the handshake") client.once("data", () => client.end());
    else if (outage === "reset at the handshake") client.once("data", () => client.resetAndDestroy());
    else client.once("data", () => client.end("+O"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    get refused() {
      return refused;
    },
    cut(shape) {
      outage = shape;
      for (const socket of open) socket.destroy();
    },
    failCommand(name) {
      // A command as RESP sends it: its name as a bulk string.
      failing = new RegExp(`\\$${name.length}\\r\\n${name}\\r\\n`, "i");
    },
    restore() {
      outage = undefined;
      failing = undefined;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
