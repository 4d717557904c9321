import type { Request, RequestHandler, Response } from "express";
import type { Db } from "./db.ts";
import type { Storage } from "./storage.ts";

/** What every router needs; built once per running server. */
export interface ApiContext {
  db: Db;
  storage: Storage;
  maxUploadBytes: number;
  /** Handlers still running; close() waits for them so aborted uploads finish cleaning up. */
  inflight: Set<Promise<void>>;
  /** JSON body parser; routes put it after their auth check, so anonymous bodies are never parsed. */
  parseJson: RequestHandler;
}

/**
 * Wraps an async handler for Express 4 (which ignores returned promises): failures go to the
 * error handler, and the promise is tracked until it settles.
 */
export function handler(context: ApiContext, run: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    const pending = run(req, res).catch(next);
    context.inflight.add(pending);
    void pending.finally(() => context.inflight.delete(pending));
  };
}

/** Absolute origin of this server as the client addressed it (for upload URLs). */
export function requestOrigin(req: Request): string {
  const host = req.get("host") ?? "";
  const safeHost = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? host : `127.0.0.1:${req.socket.localPort}`;
  return `${req.protocol}://${safeHost}`;
}
