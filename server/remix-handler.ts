import { once } from "node:events";
import { createReadableStreamFromReadable, createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { getConfig } from "./config.server.ts";
import { refuseBadRequest, requestOrigin } from "./origin.server.ts";
import { bodyRefused, onBodyRefused } from "./body-refusals.server.ts";
import { requestBodyOf } from "./request-body.server.ts";

const FORWARDING_HEADERS = new Set(["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"]);

/**
 * Remix behind Express, like `@remix-run/express` but sending bodies with backpressure: its
 * sender writes every chunk as soon as it arrives, so a 500 MB file proxied to a visitor on a
 * slow phone would pile up in this process's memory. Here the next chunk is read from the
 * upstream only when the visitor's connection has taken the last one.
 */
export function remixHandler({
  build,
  getLoadContext,
}: {
  build: ServerBuild;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}): RequestHandler {
  const handleRequest = createRequestHandler(build, build.mode);
  const config = getConfig();
  // With PUBLIC_URL, the app sees the public origin whatever Host the request came with.
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  return async (req, res, next) => {
    const origin = requestOrigin(req, res, config);
    if (!origin) return refuseBadRequest(res);
    try {
      const response = await handleRequest(remixRequest(req, res, publicOrigin ?? origin.origin), getLoadContext(req, res));
      // The process already answered for the body (413 or 408, request-body.server.ts).
      if (bodyRefused(res)) return void response.body?.cancel().catch(() => {});
      await send(res, response);
    } catch (error) {
      if (bodyRefused(res)) return;
      if (res.headersSent) res.destroy(error instanceof Error ? error : undefined);
      else next(error);
    }
  };
}

function remixRequest(req: ExpressRequest, res: ExpressResponse, origin: string): Request {
  // The origin was validated before (server/origin.server.ts); the path is origin-form ("/...").
  const url = new URL(`${origin}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // What a proxy forwards was read, when trusted, before Remix: no loader reads it again.
    if (FORWARDING_HEADERS.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // Loaders and actions stop (and so do their upstream calls) when the visitor goes away first.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  onBodyRefused(res, () => controller.abort());
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(requestBodyOf(req)), duplex: "half" } : {}),
  } as RequestInit);
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  // The status and headers go out before the body: the visitor sees the answer start at once,
  // and a body that fails later (an export's second upstream page) reaches them as a started
  // download that then fails, not as a connection closed before any answer.
  res.flushHeaders();
  const flushSoon = batchedFlush(res);
  const body = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await body.read();
      if (done) break;
      const accepted = res.write(value);
      flushSoon();
      if (!accepted && !(await drained(res))) return;
    }
    res.end();
  } finally {
    // The visitor left (or the body failed): stop reading, which ends the upstream download too.
    body.cancel().catch(() => {});
  }
}

/**
 * compression() holds output until it has a block's worth unless told to flush, which would
 * keep a slowly streamed answer (a file, a deferred part) from the visitor. Flushing after every
 * chunk would cost a compressor call and a socket write per chunk. Here the chunks that are ready
 * together are flushed once, as soon as the event loop turns. (Pages come as one piece already:
 * see entry.server.tsx.)
 */
function batchedFlush(res: ExpressResponse): () => void {
  const flush = (res as ExpressResponse & { flush?: () => void }).flush?.bind(res);
  let scheduled = false;
  return () => {
    if (!flush || scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (!res.writableEnded && !res.destroyed) flush();
    });
  };
}

/** Whether the connection took what was written (false: it closed first). */
async function drained(res: ExpressResponse): Promise<boolean> {
  const closed = new AbortController();
  const onClose = () => closed.abort();
  res.once("close", onClose);
  try {
    await once(res, "drain", { signal: closed.signal });
    return true;
  } catch {
    return false;
  } finally {
    res.off("close", onClose);
  }
}
