import type * as z from "zod";
import type { AuditRecord, FieldChange } from "~/lib/audit";
import { resolveRelations } from "~/admin-kit/relations";
import type { Cells, FormValues } from "~/admin-kit/screen";
import { beginChange, completeChange, nameCreatedRecord } from "~/platform/audit.server";
import type { AdminContext } from "~/platform/auth.server";
import { errorFields, log } from "@server/log.server";
import { verdictWithin } from "@server/shared-verdict.server";
import { isUpstreamError, type UpstreamError } from "~/platform/upstream.server";
import { asSentOf, type UpstreamScalar } from "~/platform/upstream-shapes.server";
import { EXPORT_TEXT, type ResourceAdapter, type WriteFailed } from "./adapter.server.ts";
import { readPickerLists, resolvedRecord, type PickerLists } from "./choices.server.ts";
import { isStoredValue } from "./field-values.server.ts";
import { findRecord, rereadScreenReadModel, screenReadModel } from "./read-model.server.ts";

/** What the audit log learns of a change: the record as it was, and the entry once the upstream answered. */

/** How long a change waits for the stored record the audit log names and compares with; past it, the log does without. */
const STORED_RECORD_WAIT_MS = 2000;

/** A record as an edit form shows it: what the audit log keeps of it as it was, and what a save merges with. */
export interface StoredRecord {
  /** Its form values, relations as the form showed them. */
  values: FormValues;
  /** Its title or name, as the table names the row. */
  label: string;
  /** The record as the upstream sent it, when known (~/platform/upstream-shapes.server, `asSentOf`). */
  asSent?: Readonly<Record<string, UpstreamScalar>>;
}

/**
 * A record's form values and label; its relations stored by name are matched against the
 * pickers' lists (`lists`, when read), as the form showed them.
 */
export function recordAsShown<Rec, C extends Cells, S extends z.ZodObject>(
  adapter: ResourceAdapter<Rec, C, S>,
  record: Rec,
  lists: PickerLists | undefined,
): StoredRecord {
  const { fields } = adapter.definition;
  const label = adapter.definition.rowLabel(adapter.cells(record, EXPORT_TEXT));
  const values = adapter.formValues(record);
  const asSent = asSentOf(record);
  if (!adapter.relations) return { values, label, asSent };
  const relations = adapter.relations(record);
  const shown = lists ? resolvedRecord(lists, fields, adapter.idOf(record), relations).values : resolveRelations(relations, undefined, fields).values;
  return { values: { ...values, ...shown }, label, asSent };
}

/**
 * The record as stored, from the screen's current copy of its list (read-model.server.ts; with
 * the form's choices when relations must be matched), for the audit log of a delete. Undefined
 * when it cannot be had in time: the change goes on.
 */
export async function storedRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
  { withChoices }: { withChoices: boolean },
): Promise<StoredRecord | undefined> {
  const { fields } = adapter.definition;
  const lists = withChoices && adapter.relations && adapter.choices ? readPickerLists(admin.api, adapter.choices, fields) : undefined;
  const found = Promise.all([storedRecordOf(admin, adapter, id), lists]).then(([record, read]) =>
    record === undefined ? undefined : recordAsShown(adapter, record, read),
  );
  try {
    return await verdictWithin(found, STORED_RECORD_WAIT_MS, () => undefined);
  } catch (error) {
    log("audit_stored_values_unavailable", errorFields(error));
    return undefined;
  } finally {
    // A read that lost the race may still fail; nobody waits for it any more.
    found.catch(() => undefined);
  }
}

/** A record as stored: from the one-record screen's list, else from the screen's current copy of its list. */
async function storedRecordOf<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
): Promise<Rec | undefined> {
  if (adapter.definition.singleRecord) return (await adapter.list(admin.api, undefined)).find((record) => adapter.idOf(record) === id);
  const listed = adapter as ResourceAdapter<Rec, C, z.ZodObject>;
  return findRecord(await screenReadModel(admin.api, listed), listed, id);
}

/** The id the upstream gave a new record, when its answer names one (`{data: {id}}`, `{id}`, `{author: {id}}`...). */
export function createdId(answer: unknown): string | null {
  if (typeof answer !== "object" || answer === null) return null;
  const candidates = [answer, ...Object.values(answer)];
  for (const candidate of candidates) {
    if (typeof candidate !== "object" || candidate === null || !("id" in candidate)) continue;
    const { id } = candidate;
    if (typeof id === "string" || typeof id === "number") return String(id);
  }
  return null;
}

/**
 * New records' ids when the upstream's answers named none: their list read anew once, for each
 * the newest record holding every value its form sent in its text fields. Null for one none
 * holds, and for all when the list cannot be read. An import asks for a run's rows together
 * (import/created-ids.server.ts): one read of the list, not one per row.
 */
export async function findCreatedIds<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  sentValues: ReadonlyArray<Record<string, unknown>>,
): Promise<Array<string | null>> {
  // Files have no rule; a relation is an id the list's record may carry by name only.
  const sent = (values: Record<string, unknown>) => {
    const compared = adapter.definition.fields.filter((field) => field.rule && !field.optionsFrom && field.name in values);
    return (record: Rec) => {
      const stored = adapter.formValues(record);
      return compared.every((field) => isStoredValue(field, stored[field.name], values[field.name]));
    };
  };
  try {
    const listed = adapter as ResourceAdapter<Rec, C, z.ZodObject>;
    const records = adapter.definition.singleRecord
      ? [...(await adapter.list(admin.api, undefined))].reverse()
      : (await rereadScreenReadModel(admin.api, listed)).records;
    return sentValues.map((values) => {
      const found = records.find(sent(values));
      return found === undefined ? null : adapter.idOf(found);
    });
  } catch (error) {
    log("audit_created_id_unavailable", errorFields(error));
    return sentValues.map(() => null);
  }
}

/** A change's entry in the audit log, written as pending: completed once the upstream answered. */
export interface AuditTrail {
  /**
   * The upstream accepted it; `recordId` when its answer named the record (a new one's id), else
   * `findId` looks for it afterwards. The changes are worked out again, and written when sending
   * told more of them (the names of files streamed after the entry was begun).
   */
  ok(recordId?: string | null, findId?: () => Promise<string | null>): void;
  /** The upstream refused it, or it could not be sent whole (a file that could not be read); one unanswered in time stays unknown. */
  failed(error: UpstreamError | WriteFailed | Error): void;
}

/**
 * Records an action of this screen in the audit log: `begin` writes its
 * pending entry before anything is sent upstream, and rejects with AuditUnavailable (audit.server.ts)
 * when it cannot, so that the caller refuses the change; the trail it returns completes the entry
 * and never throws (a completion that cannot be written is retried). The changes are worked out
 * inside a guard: nothing about the record's values can fail the action.
 */
export function auditOf(admin: AdminContext, definition: { id: string }, recordLabel?: string) {
  return {
    async begin(action: AuditRecord["action"], recordId: string | null, changes: () => FieldChange[]): Promise<AuditTrail> {
      const workedOut = (work: () => FieldChange[]): FieldChange[] | undefined => {
        try {
          return work();
        } catch (error) {
          log("audit_changes_failed", { action, ...errorFields(error) });
          return undefined;
        }
      };
      const worked = workedOut(changes) ?? [];
      const entry = await beginChange({
        actor: { id: String(admin.user.id), email: admin.user.email },
        resource: definition.id,
        ...(recordLabel === undefined ? {} : { recordLabel }),
        action,
        recordId,
        changes: worked,
      });
      return {
        ok(created, findId) {
          const now = workedOut(changes);
          const grew = now !== undefined && JSON.stringify(now) !== JSON.stringify(worked);
          completeChange(entry, { outcome: "ok", ...(created ? { recordId: created } : {}), ...(grew ? { changes: now } : {}) });
          // After the caller has cleared what the write changed (its `finally`): the list read then
          // is the one the list's next load shares, not a second read of a copy already stale.
          if (!created && findId) queueMicrotask(() => void findId().then((found) => found && void nameCreatedRecord(entry, found)));
        },
        failed(error) {
          // Unanswered in time, the write may have been made: the entry stays "Tidak diketahui".
          if (isUpstreamError(error) && error.kind === "timeout") return;
          const upstreamStatus = isUpstreamError(error) ? error.status : 0;
          completeChange(entry, { outcome: "failed", ...(upstreamStatus ? { upstreamStatus } : {}) });
        },
      };
    },
  };
}
