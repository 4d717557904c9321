import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHOICE_FIELD_PREFIX, CONFLICT_MESSAGES, SHOWN_FIELD, type EditConflict } from "~/admin-kit/edit-conflicts";
import { referenceApiToken, SUPERADMIN_EMAIL } from "../e2e/helpers/reference-api.ts";
import { changeUpstream, setCatalogueCounts } from "../helpers/catalogue-scale.ts";
import { caseRecorder } from "./report.ts";
import { freeText, openEdit, plain, save, screenData, valueFor, withValue } from "./edit-forms.ts";
import { ADMIN_SCREENS } from "./screens.ts";
import { logIn, startHardStack, type HardStack } from "./stack.ts";

/**
 * Edit forms open with the record as the upstream holds it now (issue 37, point 1), and no lost
 * update, on every screen that edits (point 2), over HTTP against the reference
 * API in both answer shapes. Two admins open the same record; the second saves first. The first
 * admin's save then keeps the second's change to a field the first left alone, and a field both
 * changed is not written until the first admin chooses: the answer is 409 with both values, and
 * nothing reaches the upstream. The forms are sent as a browser sends them: the values the edit
 * form showed (its loader's data, read fresh from the upstream) with the hidden `_shown`.
 */

const record = caseRecorder("lost-update");

for (const shape of ["full", "spec"] as const) {
  describe(`no lost update, the upstream in the '${shape}' shape`, () => {
    let stack: HardStack;
    let admin: string;
    let other: string;

    beforeAll(async () => {
      stack = await startHardStack({}, { shape });
      [admin, other] = await Promise.all([logIn(stack.bff.url), logIn(stack.bff.url, SUPERADMIN_EMAIL)]);
    }, 120_000);

    afterAll(async () => {
      await stack?.close();
    });

    for (const screen of ADMIN_SCREENS.filter((candidate) => candidate.definition.edit)) {
      it(`${screen.path}: another admin's change is kept, and a field both changed waits for the admin's choice`, async () => {
        const url = stack.bff.url;
        const fields = freeText(screen);
        expect(fields.length, `${screen.path} has a free-text field`).toBeGreaterThan(0);
        const [theirs, mine] = [fields[0], fields[1] ?? fields[0]];
        const list = await screenData(url, admin, screen, "");
        const id = list.rows[0]?.id;
        expect(id, `${screen.path} has a record`).toBeDefined();

        // 1. The other admin changes one field while this admin's form is open; this admin changes another (or nothing).
        const opened = await openEdit(url, admin, screen, id);
        const elsewhere = await openEdit(url, other, screen, id);
        expect((await save(url, other, screen, id, withValue(elsewhere.entries, theirs.name, valueFor(theirs, `DIUBAH DI TEMPAT LAIN ${shape.toUpperCase()}`)))).status).toBe(302);
        const own = mine === theirs ? opened.entries : withValue(opened.entries, mine.name, valueFor(mine, `DIUBAH DI SINI ${shape.toUpperCase()}`));
        const kept = await save(url, admin, screen, id, own);
        const after = await openEdit(url, admin, screen, id);
        const keptOthers = kept.status === 302 && plain(after.values[theirs.name]) === `DIUBAH DI TEMPAT LAIN ${shape.toUpperCase()}`;
        const keptMine = mine === theirs || plain(after.values[mine.name]) === `DIUBAH DI SINI ${shape.toUpperCase()}`;
        record(`${screen.path} (${shape}): another admin's change while the form was open`, `${kept.status}; ${theirs.name}: ${plain(after.values[theirs.name])}`, keptOthers && keptMine);
        expect(kept.status, JSON.stringify(kept.data)).toBe(302);
        expect(plain(after.values[theirs.name])).toBe(`DIUBAH DI TEMPAT LAIN ${shape.toUpperCase()}`);
        if (mine !== theirs) expect(plain(after.values[mine.name])).toBe(`DIUBAH DI SINI ${shape.toUpperCase()}`);

        // 2. Both change the same field: 409 with both values, nothing written; then the admin's choice is.
        const mineAgain = await openEdit(url, admin, screen, id);
        const theirsAgain = await openEdit(url, other, screen, id);
        expect((await save(url, other, screen, id, withValue(theirsAgain.entries, theirs.name, valueFor(theirs, "VERSI REKAN")))).status).toBe(302);
        const writes = stack.upstream.writes.length;
        const clash = await save(url, admin, screen, id, withValue(mineAgain.entries, theirs.name, valueFor(theirs, "VERSI SAYA")));
        const conflict = clash.data?.conflict as EditConflict | undefined;
        const untouched = stack.upstream.writes.length === writes && plain((await openEdit(url, admin, screen, id)).values[theirs.name]) === "VERSI REKAN";
        record(`${screen.path} (${shape}): the same field changed on both sides`, `${clash.status}; ${JSON.stringify(conflict?.fields)}`, clash.status === 409 && untouched);
        expect(clash.status).toBe(409);
        expect(clash.data?.result?.error?.[""]).toEqual([CONFLICT_MESSAGES.notice]);
        expect(conflict?.fields).toEqual([{ name: theirs.name, label: theirs.label, mine: "VERSI SAYA", theirs: "VERSI REKAN" }]);
        expect(untouched, "nothing written until the admin chooses").toBe(true);

        const chosen = await save(url, admin, screen, id, [
          ...withValue(withValue(mineAgain.entries, theirs.name, valueFor(theirs, "VERSI SAYA")), SHOWN_FIELD, conflict!.shown),
          [`${CHOICE_FIELD_PREFIX}${theirs.name}`, "mine"],
        ]);
        expect(chosen.status, JSON.stringify(chosen.data)).toBe(302);
        expect(plain((await openEdit(url, admin, screen, id)).values[theirs.name])).toBe("VERSI SAYA");
      }, 60_000);
    }
  });
}

describe("an edit form opens with the record as the upstream holds it now", () => {
  const BOOKS = 1_000;
  let stack: HardStack;
  let admin: string;
  const book = ADMIN_SCREENS.find((screen) => screen.path === "/admin/book")!;
  let ids: number[];

  beforeAll(async () => {
    // The product's default: the list's copy is kept for a minute (the test stacks keep none).
    stack = await startHardStack({ ADMIN_LIST_REFRESH_MS: "60000" });
    ids = setCatalogueCounts(stack.referenceDataDir, { books: BOOKS, activities: 3 }).books.map((row) => row.id);
    admin = await logIn(stack.bff.url);
    // The list read once: the back-office's copy now holds every book, and where it saw each.
    expect((await screenData(stack.bff.url, admin, book, "")).count?.total).toBe(BOOKS);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  /** The upstream's book list pages read since `mark`. */
  const pagesReadSince = (mark: number) => stack.upstream.urls.slice(mark).filter((url) => url.startsWith("/api/books/all"));

  it("a book changed elsewhere opens with its new values, by reading the one short window of the list where the copy saw it", async () => {
    const id = ids[550];
    changeUpstream(stack.referenceDataDir, "books", id, { title: "JUDUL BARU DARI APLIKASI", isbn_issn: "978-602-8519-93-9" });
    const mark = stack.upstream.urls.length;
    const form = await openEdit(stack.bff.url, admin, book, String(id));
    expect(form.values.title).toBe("JUDUL BARU DARI APLIKASI");
    expect(form.values.isbn_issn).toBe("978-602-8519-93-9");
    // The 551st book: the 28th window of 20.
    expect(pagesReadSince(mark)).toEqual(["/api/books/all?page=28&limit=20"]);
  });

  it("a book the copy has not seen yet (made elsewhere a moment ago) opens too", async () => {
    const made = setCatalogueCounts(stack.referenceDataDir, { books: BOOKS + 1, activities: 3 }).books.at(-1)!;
    const mark = stack.upstream.urls.length;
    const form = await openEdit(stack.bff.url, admin, book, String(made.id));
    expect(form.values.title).toBe(made.title);
    // Looked for where a new record goes first (the list's first and last windows), not the whole list.
    expect(pagesReadSince(mark).length).toBeLessThanOrEqual(3);
  });

  it("a book deleted elsewhere does not open: the admin is told, with no form", async () => {
    const deleted = ids[10];
    // Deleted by another tool, straight at the upstream: the site's copy still lists it.
    const token = await referenceApiToken(stack.referenceApi.url);
    const removed = await fetch(`${stack.referenceApi.url}/api/books/${deleted}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
    expect(removed.ok).toBe(true);
    const data = await screenData(stack.bff.url, admin, book, `?modal=edit&id=${deleted}`);
    expect(data.editing).toBeNull();
    expect(data.alerts.map((alert) => alert.message)).toContain(CONFLICT_MESSAGES.missing);
  });
});
