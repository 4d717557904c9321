import type { Response as ExpressResponse } from "express";

/**
 * Which answers' bodies this process refused (request-body.server.ts), and who wants to hear of
 * it: Remix's handler stops the app's request (remix-handler.ts) and drops its answer.
 */

/** A body refused by its size or its pace. */
export class BodyRefused extends Error {
  readonly status: 408 | 413;

  constructor(status: 408 | 413) {
    super(status === 413 ? "request body too large" : "request body too slow");
    this.status = status;
    this.name = "BodyRefused";
  }
}

const listeners = new WeakMap<ExpressResponse, Array<() => void>>();
const refused = new WeakSet<ExpressResponse>();

/** True once this process answered for the body (413 or 408): the app's own answer is dropped. */
export function bodyRefused(res: ExpressResponse): boolean {
  return refused.has(res);
}

/** Runs `listener` when the body is refused (e.g. to abort the app's request). */
export function onBodyRefused(res: ExpressResponse, listener: () => void): void {
  listeners.set(res, [...(listeners.get(res) ?? []), listener]);
}

/** Marks the body refused and tells its listeners, once: false when it already was. */
export function refuseBody(res: ExpressResponse): boolean {
  if (refused.has(res)) return false;
  refused.add(res);
  for (const listener of listeners.get(res) ?? []) listener();
  return true;
}
