import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setCatalogueCounts } from "../helpers/catalogue-scale.ts";
import { openEdit, save, screenData, withValue } from "./edit-forms.ts";
import { ADMIN_SCREENS } from "./screens.ts";
import { logIn, startHardStack, type HardStack } from "./stack.ts";

/**
 * The list an admin lands on after a write through the site (docs/architecture.md, "An admin
 * list's path", step 3), over HTTP against the reference API in both answer shapes, with the list's
 * copy kept as deployed: an edit, a delete and a bulk delete are taken into the copy, so the
 * landing answers while every read of the whole book list hangs. Before, each write dropped the
 * copy, and the landing waited for the whole list's read (here: until the upstream's timeout, then
 * "could not be loaded").
 */

const BOOKS = 500;
const book = ADMIN_SCREENS.find((screen) => screen.path === "/admin/book")!;
/** Long enough that a save held for the patch's read would fail the test by its own timeout many times over. */
const SLOW_UPSTREAM_TIMEOUT_MS = 120_000;

/**
 * For the describe block it is called in: a stack whose upstream holds BOOKS books, the list's
 * copy kept as deployed, and an admin logged in who has read the book list once (the copy holds
 * every book); closed after the block.
 */
function booksStack(env: Record<string, string> = {}, options: { shape?: "full" | "spec" } = {}) {
  const held = {} as { stack: HardStack; admin: string; ids: string[] };
  beforeAll(async () => {
    held.stack = await startHardStack({ ADMIN_LIST_REFRESH_MS: "60000", ...env }, options);
    held.ids = setCatalogueCounts(held.stack.referenceDataDir, { books: BOOKS, activities: 3 }).books.map((row) => String(row.id));
    held.admin = await logIn(held.stack.bff.url);
    expect((await screenData(held.stack.bff.url, held.admin, book, "")).count?.total).toBe(BOOKS);
  }, 120_000);
  afterAll(async () => {
    await held.stack?.close();
  });
  return held;
}

for (const shape of ["full", "spec"] as const) {
  describe(`the list after a write through the site, the upstream in the '${shape}' shape`, () => {
    const held = booksStack({}, { shape });

    /** The list after a write, while the upstream holds every read of the book list unanswered. */
    async function landOn(query: string) {
      held.stack.upstream.hits = (call) => call.method === "GET" && call.path === "/api/books/all";
      held.stack.upstream.fault = { kind: "hang" };
      try {
        return await screenData(held.stack.bff.url, held.admin, book, query);
      } finally {
        held.stack.upstream.reset();
      }
    }

    it("an edited book shows at once with its new title", async () => {
      const id = held.ids[250];
      const form = await openEdit(held.stack.bff.url, held.admin, book, id);
      const title = `JUDUL DISUNTING ${shape.toUpperCase()}`;
      expect((await save(held.stack.bff.url, held.admin, book, id, withValue(form.entries, "title", title))).status).toBe(302);
      const landed = await landOn(`?q=${encodeURIComponent(title)}`);
      expect(landed.loadFailure).toBeNull();
      expect(landed.rows.map((row) => [row.id, row.cells.title])).toEqual([[id, title]]);
    });

    it("a deleted book, and a bulk delete's books, are gone from it at once", async () => {
      const deleted = held.ids[100];
      expect((await save(held.stack.bff.url, held.admin, book, deleted, [["intent", "delete"], ["id", deleted]])).status).toBe(302);
      const afterDelete = await landOn("");
      expect(afterDelete.loadFailure).toBeNull();
      expect(afterDelete.count?.total).toBe(BOOKS - 1);

      const chosen = [held.ids[3], held.ids[4], held.ids[400]];
      const bulk: Array<[string, string]> = [["intent", "bulk-delete"], ...chosen.map((id): [string, string] => ["ids", id]), ["confirmed", "1"]];
      expect((await save(held.stack.bff.url, held.admin, book, undefined, bulk)).status).toBe(302);
      const afterBulk = await landOn("?perPage=100&page=5");
      expect(afterBulk.loadFailure).toBeNull();
      expect(afterBulk.count?.total).toBe(BOOKS - 4);
      // Newest first: the last page holds the oldest books, without those deleted.
      expect(afterBulk.rows.map((row) => row.id)).toEqual([...held.ids].sort((a, b) => Number(b) - Number(a)).filter((id) => ![deleted, ...chosen].includes(id)).slice(400));
    });
  });
}

describe("a save whose list cannot be read again once it is written", () => {
  const held = booksStack({ UPSTREAM_TIMEOUT_MS: String(SLOW_UPSTREAM_TIMEOUT_MS) });

  it("answers once written, without waiting out the upstream's silence for the patch's read", async () => {
    const id = held.ids[42];
    const form = await openEdit(held.stack.bff.url, held.admin, book, id);
    // Once the book is written, every read of the book list hangs (the merge's read before it passes).
    let written = false;
    held.stack.upstream.hits = (call) => {
      if (call.method !== "GET") written = true;
      return written && call.method === "GET" && call.path === "/api/books/all";
    };
    held.stack.upstream.fault = { kind: "hang" };
    try {
      const saved = await save(held.stack.bff.url, held.admin, book, id, withValue(form.entries, "title", "JUDUL SAAT HULU DIAM"));
      expect(saved.status).toBe(302);
      expect(held.stack.upstream.heldCalls.length, "the patch's read was held").toBeGreaterThan(0);
    } finally {
      held.stack.upstream.reset();
    }
  }, 30_000);
});
