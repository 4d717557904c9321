import type * as z from "zod";
import { ADMIN_MESSAGES, FORM_MESSAGES } from "~/admin-kit/messages";
import type { Cells } from "~/admin-kit/screen";
import type { AdminContext } from "~/platform/auth.server";
import { withRecordLocks } from "~/platform/record-locks.server";
import { isUpstreamError } from "~/platform/upstream.server";
import type { ResourceAdapter } from "./adapter.server.ts";
import { refusalStatus, refused } from "./answers.server.ts";
import { lockRefusal, recordLockKey } from "./locks.server.ts";

/**
 * A screen of one record (about, vision and mission) takes a create only while it has none: the
 * add form of a stale tab, of a second tab or of a second admin would leave upstream a record the
 * screen never shows and cannot delete. Looked for under the screen's own lock, so that of two
 * creates at once one is written.
 */
export async function createOnlyRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  save: () => Promise<Response | ReturnType<typeof refused>>,
): Promise<Response | ReturnType<typeof refused>> {
  try {
    return await withRecordLocks([recordLockKey(adapter, "only")], async () => {
      if ((await adapter.list(admin.api, undefined)).length > 0) return refused(FORM_MESSAGES.onlyRecordExists, 409);
      return save();
    });
  } catch (error) {
    const refusal = lockRefusal(error, adapter.definition.id);
    if (refusal) return refused(refusal.message, refusal.status);
    if (isUpstreamError(error)) return refused(adapter.definition.messages.createFailed ?? ADMIN_MESSAGES.createFailed, refusalStatus(error));
    throw error;
  }
}
