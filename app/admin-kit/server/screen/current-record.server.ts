import type * as z from "zod";
import type { Cells } from "~/admin-kit/screen";
import type { UpstreamClient } from "~/platform/upstream.server";
import type { ResourceAdapter } from "./adapter.server.ts";
import { findInCopy, listCopy, RECORD_WINDOW as WINDOW, rereadListCopy } from "~/platform/list-copy.server";
import { listSourceOf } from "./read-model.server.ts";

/**
 * A record as the upstream holds it now: what an edit form opens with, and what a save merges
 * with just before it writes (save.server.ts). Never the list's copy, which may be a minute old.
 *
 * Spec §7 reads single records only for activities (`adapter.read`). A screen whose list is one
 * call reads it. For a list that pages, the copy knows the record's place in the upstream's
 * order: the window of `WINDOW` records holding that place is read (one short read wherever the
 * record is), then the windows either side (a record made or deleted before it shifts the
 * rest), and only then the whole list, which also renews the copy. A record the copy has never
 * seen (made elsewhere since) is looked for in the first and the last windows, then in a copy
 * read within the last second. An upstream that caps `limit` or ignores `page` only costs the
 * whole list. Undefined: the upstream has no such record (deleted elsewhere).
 */
export async function currentRecord<Rec, C extends Cells, S extends z.ZodObject>(
  api: UpstreamClient,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
): Promise<Rec | undefined> {
  if (adapter.read) return adapter.read(api, id);
  const listed = adapter as ResourceAdapter<Rec, C, z.ZodObject>;
  const find = (records: Rec[]) => records.find((record) => adapter.idOf(record) === id);
  if (adapter.definition.singleRecord || !adapter.definition.pageSize) return find(await adapter.list(api, undefined));

  const lookingSince = Date.now();
  const source = listSourceOf(listed);
  const copy = await listCopy(api, source);
  const position = copy.upstreamPositions.get(id);
  const windowOf = (place: number) => Math.floor(place / WINDOW) + 1;
  const last = windowOf(Math.max(0, copy.upstreamPositions.size - 1));
  const rounds = position === undefined ? [[1, last, last + 1]] : [[windowOf(position)], [windowOf(position) - 1, windowOf(position) + 1]];
  const tried = new Set<number>();
  for (const round of rounds) {
    const pages = [...new Set(round)].filter((page) => page >= 1 && !tried.has(page));
    for (const page of pages) tried.add(page);
    const answers = await Promise.all(pages.map((page) => adapter.list(api, { page, limit: WINDOW })));
    const found = find(answers.flat());
    if (found !== undefined) return found;
  }
  // Seen by the copy but gone from its place: only a read that began now can tell moved from deleted.
  return findInCopy(await rereadListCopy(api, source, position === undefined ? undefined : lookingSince), source, id);
}
