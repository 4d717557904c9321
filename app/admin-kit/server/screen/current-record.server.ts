import type * as z from "zod";
import type { Cells } from "~/admin-kit/screen";
import type { UpstreamClient } from "~/platform/upstream.server";
import type { ResourceAdapter } from "./adapter.server.ts";
import { findInCopy, listCopy, RECORD_WINDOW as WINDOW, rereadListCopy } from "~/platform/list-copy.server";
import { pageOrNone, unreadRecord } from "~/platform/paged-read.server";
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
 * read within the last second. The windows are asked by the upstream's own page numbers (from 0
 * or 1, as the copy's read found), a window past the end refused is an empty one; an upstream that
 * caps `limit` or ignores `page` only costs the whole list. Undefined: the upstream has no such
 * record (deleted elsewhere); a failed read (UpstreamError) when the copy may lack records its
 * pages never showed (paged-read.server.ts), since then the record may only be unread.
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
  const { firstPage } = copy;
  const pageOf = (place: number) => Math.floor(place / WINDOW) + firstPage;
  const last = pageOf(Math.max(0, copy.upstreamPositions.size - 1));
  const rounds = position === undefined ? [[firstPage, last, last + 1]] : [[pageOf(position)], [pageOf(position) - 1, pageOf(position) + 1]];
  const tried = new Set<number>();
  for (const round of rounds) {
    const pages = [...new Set(round)].filter((page) => page >= firstPage && !tried.has(page));
    for (const page of pages) tried.add(page);
    const answers = await Promise.all(pages.map((page) => pageOrNone(adapter.list(api, { page, limit: WINDOW }))));
    const found = find(answers.flat());
    if (found !== undefined) return found;
  }
  // Seen by the copy but gone from its place: only a read that began now can tell moved from deleted.
  const reread = await rereadListCopy(api, source, position === undefined ? undefined : lookingSince);
  const found = findInCopy(reread, source, id);
  if (found === undefined && !reread.complete) throw unreadRecord(`GET list ${source.key}`);
  return found;
}
