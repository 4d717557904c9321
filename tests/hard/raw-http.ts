import { connect } from "node:net";

/**
 * A raw HTTP client for the attack suites: the request exactly as written (a head that is no
 * HTTP, a body that trickles or stops), the body streamed with backpressure and stopped when the
 * server closes, the answer parsed (Content-Length or chunked). `fetch` cannot send most of these.
 */

/** The client for the BFF on `port` (read when a request is made: the stack starts in `beforeAll`). */
export function rawHttpClient(port: () => number) {
  return {
    /** Sends `head`, then `body`; resolves with what came back, after `timeoutMs` at the latest. */
    exchange: (head: string, body?: BodySource, timeoutMs?: number) => exchange(port(), head, body, timeoutMs),
    /** A request head with the Host header and the given ones. */
    requestHead: (method: string, path: string, headers?: Record<string, string | number>) => requestHead(port(), method, path, headers),
  };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The reply's body size in bytes (what the issue calls the reply size). */
  bodyBytes: number;
  /** From connecting to the status line. */
  statusMs: number;
  /** From connecting to the server closing the connection (undefined if it stayed open). */
  closedMs: number | undefined;
  /** How the server closed it: its end of the stream (FIN), or a reset while this client was still sending; undefined if it stayed open. */
  closedBy: "end" | "reset" | undefined;
  /** Body bytes the client managed to write. */
  sentBytes: number;
}

function parseAnswer(raw: Buffer):
  | {
      status: number;
      headers: Record<string, string>;
      body: Buffer;
      complete: boolean;
    }
  | undefined {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const [statusLine, ...lines] = raw
    .subarray(0, end)
    .toString("latin1")
    .split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line
      .slice(colon + 1)
      .trim();
  }
  const status = Number(statusLine.split(" ")[1]);
  const rest = raw.subarray(end + 4);
  if (headers["transfer-encoding"]?.includes("chunked")) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = rest.indexOf("\r\n", at);
      if (lineEnd < 0)
        return { status, headers, body: Buffer.concat(parts), complete: false };
      const size = parseInt(rest.subarray(at, lineEnd).toString("latin1"), 16);
      if (size === 0)
        return { status, headers, body: Buffer.concat(parts), complete: true };
      if (rest.length < lineEnd + 2 + size + 2)
        return { status, headers, body: Buffer.concat(parts), complete: false };
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  const length = Number(headers["content-length"] ?? 0);
  return {
    status,
    headers,
    body: rest.subarray(0, length),
    complete: rest.length >= length,
  };
}

export type BodySource = Buffer | string | (() => AsyncIterable<Buffer | string>);

function exchange(
  port: number,
  head: string,
  body?: BodySource,
  timeoutMs = 30_000
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect({ host: "127.0.0.1", port });
    const received: Buffer[] = [];
    let statusMs = -1;
    let closedMs: number | undefined;
    let closedBy: RawAnswer["closedBy"];
    let sentBytes = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const parsed = parseAnswer(Buffer.concat(received));
      socket.destroy();
      resolve({
        status: parsed?.status ?? 0,
        headers: parsed?.headers ?? {},
        body: parsed?.body.toString("utf8") ?? "",
        bodyBytes: parsed?.body.length ?? 0,
        statusMs: Math.round(statusMs),
        closedMs: closedMs === undefined ? undefined : Math.round(closedMs),
        closedBy,
        sentBytes,
      });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on("end", () => {
      closedBy ??= "end";
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE") closedBy ??= "reset";
    });
    socket.on("data", (chunk: Buffer) => {
      received.push(chunk);
      if (statusMs < 0) statusMs = performance.now() - started;
      const parsed = parseAnswer(Buffer.concat(received));
      // A complete answer on a connection the server keeps: done (a closing one ends with 'close').
      if (parsed?.complete && parsed.headers.connection !== "close")
        setTimeout(finish, 20);
    });
    socket.on("close", () => {
      closedMs = performance.now() - started;
      finish();
    });
    socket.on("connect", async () => {
      socket.write(head);
      if (body === undefined) return;
      const chunks = typeof body === "function" ? body() : [body];
      try {
        for await (const chunk of chunks) {
          // What has arrived is read before the next write (the loop's poll phase comes before
          // setImmediate's): a write to a connection the server has reset errors and destroys
          // the socket, losing an answer that a busy client had not read yet.
          await new Promise((resolve) => setImmediate(resolve));
          if (socket.destroyed || !socket.writable) break;
          const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
          sentBytes += buffer.length;
          if (!socket.write(buffer)) {
            await new Promise<void>((resume) => {
              socket.once("drain", resume);
              socket.once("close", resume);
            });
          }
        }
      } catch {
        // The server closed the connection under the body: what it answered is what counts.
      }
    });
  });
}

function requestHead(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string | number> = {}
): string {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`];
  for (const [name, value] of Object.entries(headers))
    lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}

