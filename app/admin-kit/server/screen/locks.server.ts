import type * as z from "zod";
import { MESSAGES } from "~/config/messages";
import type { Cells } from "~/admin-kit/screen";
import { errorFields, log } from "@server/log.server";
import { lockKey, LocksUnavailable, RECORD_LOCK_MESSAGES, RecordBusy } from "~/platform/record-locks.server";
import type { ResourceAdapter } from "./adapter.server.ts";

/**
 * The locks of a screen's writes (app/platform/record-locks.server.ts): a save, a delete and a
 * status switch of one record hold its lock, so that they go one after the other on any process.
 */

export function recordLockKey<Rec, C extends Cells, S extends z.ZodObject>(adapter: ResourceAdapter<Rec, C, S>, id: string): string {
  return lockKey("record", adapter.resource.name, id);
}

/**
 * Why a write could not have its locks, for the admin (the status and the message), logged as
 * the expected event it is; undefined for any other error, which the caller throws on.
 */
export function lockRefusal(error: unknown, screen: string): { status: number; message: string } | undefined {
  if (error instanceof RecordBusy) {
    log("record_busy", { screen });
    return { status: 423, message: RECORD_LOCK_MESSAGES.busy };
  }
  if (error instanceof LocksUnavailable) {
    log("record_lock_unavailable", { screen, ...errorFields(error) });
    return { status: 503, message: MESSAGES.upstreamUnavailable };
  }
  return undefined;
}
