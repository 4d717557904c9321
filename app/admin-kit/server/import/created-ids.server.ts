import type * as z from "zod";
import type { Cells } from "~/admin-kit/screen";
import type { AdminContext } from "~/platform/auth.server";
import type { ResourceAdapter } from "../screen/adapter.server.ts";
import { findCreatedIds } from "../screen/audit-trail.server.ts";

/**
 * The ids of a run's new records whose create the upstream answered without one (spec §7 names
 * no answer for a POST): asked for as each row is written, found together when the run settles
 * them, with one read of the list. The screen's own save reads the whole list again for each
 * such record, which for an import of 1,000 rows into 10,000 books would be 1,000 reads of 500
 * pages each.
 */
export class CreatedIds<Rec, C extends Cells, S extends z.ZodObject> {
  private pending: Array<{ values: Record<string, unknown>; found: (id: string | null) => void }> = [];
  private readonly admin: AdminContext;
  private readonly adapter: ResourceAdapter<Rec, C, S>;

  constructor(admin: AdminContext, adapter: ResourceAdapter<Rec, C, S>) {
    this.admin = admin;
    this.adapter = adapter;
  }

  /** The id of the record written with these values, once `settle` has looked. */
  find = (values: Record<string, unknown>): Promise<string | null> => new Promise((found) => this.pending.push({ values, found }));

  /** Looks for every id asked for so far, with one read of the list (none when nothing was asked). */
  async settle(): Promise<void> {
    const asked = this.pending.splice(0);
    if (asked.length === 0) return;
    const ids = await findCreatedIds(this.admin, this.adapter, asked.map(({ values }) => values));
    asked.forEach(({ found }, index) => found(ids[index]));
  }
}
