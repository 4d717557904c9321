import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { delay, http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fieldChanges } from "~/admin-kit/server/screen/field-values.server";
import { beginChange, queuedCompletions, recordChange, retryQueuedCompletions } from "~/platform/audit.server";
import type { AuditCells } from "~/lib/audit";
import { formatJakartaDateTime } from "~/lib/dates";
import * as screenRoute from "~/routes/admin-screen";
import * as auditRoute from "~/routes/admin.audit";
import * as exportRoute from "~/routes/admin.export.$screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { request } from "../helpers/sessions";
import { adminCookie, alertAfter, form, imageFile, recordWrites, serveList, submit } from "./admin-screen-support";

/**
 * The audit log: every admin change through the site is recorded in DATA_DIR/audit.sqlite, as
 * pending before the upstream is called and completed after it answered (refused ones flagged), without file contents or rich text, and shown at
 * /admin/audit. (When the log cannot be written: admin-audit-unavailable.isolated.test.ts.)
 */

const activity = (id: number) => ({
  id,
  date: "2024-05-01T00:00:00.000Z",
  title: `Kegiatan ${id}`,
  description: "<p>Lomba bercerita tingkat SD.</p>",
  file: `kegiatan-${id}.jpg`,
});

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
  upstream.use(
    http.get(`${UPSTREAM}/activities`, ({ request: incoming }) => {
      const url = new URL(incoming.url);
      const limit = Number(url.searchParams.get("limit") || 0);
      const page = Math.max(1, Number(url.searchParams.get("page") || 1));
      const all = Array.from({ length: 25 }, (_, index) => activity(25 - index));
      return HttpResponse.json({ data: limit ? all.slice((page - 1) * limit, page * limit) : all });
    }),
    // An edit reads the record as stored now (spec §7: GET /activities/{id}) before it writes.
    http.get(`${UPSTREAM}/activities/:id`, ({ params }) => {
      const id = Number(params.id);
      return id >= 1 && id <= 25 ? HttpResponse.json({ data: activity(id) }) : HttpResponse.json({ error: "Data tidak ditemukan" }, { status: 404 });
    }),
  );
  serveList("/bibliographies/admin/library", [
    { id: 11, name: "Perpustakaan Desa Sukamaju", address: "Jl. Desa 1", phone_number: "0812345678", about: "Taman bacaan", active: true },
  ]);
});

interface AuditScreen {
  rows: Array<{ id: string; cells: AuditCells }>;
  page: number;
  hasMore: boolean;
  resource: string | null;
  alerts: Array<{ type: string; message: string }>;
}

async function auditScreen(search = ""): Promise<AuditScreen> {
  const result = (await auditRoute.loader({ request: request(`/admin/audit${search}`, { cookie }), params: {}, context: { clientIp: "x" } })) as {
    data: AuditScreen;
  };
  return result.data;
}

async function newestEntry(): Promise<AuditCells> {
  return (await auditScreen()).rows[0].cells;
}

const editActivity = (entries: Array<[string, string | File]>) =>
  submit(screenRoute, "/admin/activity?modal=edit&id=24", cookie, form([["intent", "update"], ["id", "24"], ...entries]));

describe("what is recorded", () => {
  it("an edit: who, what and which fields changed, old and new plain text, the rest only named", async () => {
    const writes = recordWrites("put", "/activities", { status: 200 });
    const submitted = await editActivity([
      ["date", "2024-05-01"],
      ["title", "Lomba Bercerita 2024"],
      ["description", "<p>Lomba bercerita tingkat SD dan SMP.</p>"],
      ["file", imageFile("lomba.png")],
    ]);
    expect(await alertAfter(screenRoute, submitted, cookie)).toEqual([{ type: "success", message: "Berhasil mengubah kegiatan!" }]);
    expect(writes).toHaveLength(1);
    expect(await newestEntry()).toEqual({
      at: expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} WIB$/),
      actor: "role3@dispusip.local",
      action: "Ubah",
      resource: "Kegiatan",
      recordId: "24",
      recordLabel: "Kegiatan 24",
      // The date was not changed, so it is not listed; rich text as the words it gained, a file by its name.
      changes: 'Judul: "Kegiatan 24" → "Lomba Bercerita 2024"\nDeskripsi: 2 kata ditambahkan ("dan SMP")\nGambar: berkas baru "lomba.png"',
      outcome: "Berhasil",
    });
  });

  it("keeps no file contents, no markup and no token in the file: rich text as its words only", async () => {
    recordWrites("put", "/activities", { status: 200 });
    await editActivity([
      ["date", "2024-05-01"],
      ["title", "Kegiatan 24"],
      ["description", "<p>Rahasia <strong>isi kaya</strong></p>"],
      ["file", imageFile("isi.png")],
    ]);
    const file = path.join(process.env.DATA_DIR!, "audit.sqlite");
    const database = new Database(file, { readonly: true });
    const stored = JSON.stringify(database.prepare("SELECT * FROM audit_log").all());
    database.close();
    expect(stored).toContain("role3@dispusip.local");
    expect(stored).toContain("Rahasia isi kaya");
    expect(stored).not.toContain("<strong>");
    expect(stored).toContain("isi.png");
    expect(stored).not.toContain("token-role-3");
    expect(readFileSync(file).includes(Buffer.from("IHDR")), "no PNG bytes").toBe(false);
  });

  it("a new record with the id the upstream gave it", async () => {
    recordWrites("post", "/activities", { status: 201, body: { data: { id: 26 } } });
    await submit(
      screenRoute,
      "/admin/activity?modal=add",
      cookie,
      form([
        ["intent", "create"],
        ["date", "2024-08-17"],
        ["title", "Upacara 17 Agustus"],
        ["description", "<p>Upacara bendera</p>"],
      ]),
    );
    expect(await newestEntry()).toMatchObject({
      action: "Tambah",
      recordId: "26",
      changes: 'Tanggal: "17-08-2024"\nJudul: "Upacara 17 Agustus"\nDeskripsi: 2 kata ditambahkan ("Upacara bendera")',
      outcome: "Berhasil",
    });
  });

  it("a change the upstream refused, flagged with its status; the admin sees the usual failure", async () => {
    recordWrites("put", "/activities", { status: 500, body: { error: "gagal" } });
    const submitted = await editActivity([
      ["date", "2024-05-01"],
      ["title", "Judul yang tidak tersimpan"],
      ["description", "<p>Lomba bercerita tingkat SD.</p>"],
    ]);
    expect(submitted).toMatchObject({ kind: "data", status: 502, data: { alert: { message: "Gagal mengubah kegiatan!" } } });
    expect(await newestEntry()).toMatchObject({
      action: "Ubah",
      recordId: "24",
      changes: 'Judul: "Kegiatan 24" → "Judul yang tidak tersimpan"',
      outcome: "Gagal (500)",
    });
  });

  it("a write the upstream did not answer in time: its outcome unknown, in the log and to the admin, who is told to check before trying again", async () => {
    upstream.use(
      http.get(`${UPSTREAM}/classifications`, ({ request: incoming }) =>
        HttpResponse.json({ data: new URL(incoming.url).searchParams.get("page") === "1" ? [{ id: 31, notation: "091", general_name: "Naskah Kuno" }] : [] }),
      ),
      http.put(`${UPSTREAM}/classifications`, () => delay("infinite")),
    );
    const submitted = await submit(screenRoute, "/admin/classification?modal=edit&id=31", cookie, form([["intent", "update"], ["id", "31"], ["notation", "091"], ["general_name", "Naskah Kuno Daerah"]]));
    expect(submitted).toMatchObject({
      kind: "data",
      data: { alert: { message: "Server tidak menjawab tepat waktu, sehingga belum diketahui apakah perubahan ini tersimpan. Periksa daftarnya sebelum mencoba lagi." } },
    });
    expect(await newestEntry()).toMatchObject({ recordId: "31", outcome: "Tidak diketahui (hasil belum tercatat)" });
  });

  it("nothing, and nothing written, when the stored record cannot be read: the admin sees the usual failure", async () => {
    upstream.use(http.get(`${UPSTREAM}/activities/:id`, () => HttpResponse.error()));
    const writes = recordWrites("put", "/activities", { status: 200 });
    const before = (await auditScreen()).rows.length;
    const submitted = await editActivity([
      ["date", "2024-05-01"],
      ["title", "Kegiatan 24"],
      ["description", ""],
    ]);
    expect(submitted).toMatchObject({ kind: "data", status: 502, data: { alert: { type: "error", message: "Gagal mengubah kegiatan!" } } });
    expect(writes).toEqual([]);
    expect((await auditScreen()).rows).toHaveLength(before);
  });

  it("nothing for a submission refused before it was sent upstream", async () => {
    const writes = recordWrites("put", "/activities", { status: 200 });
    const before = (await auditScreen()).rows.length;
    const submitted = await editActivity([["date", "bukan tanggal"], ["title", "x"]]);
    expect(submitted).toMatchObject({ kind: "data", status: 400 });
    expect(writes).toEqual([]);
    expect((await auditScreen()).rows).toHaveLength(before);
  });

  it("deletes and status switches", async () => {
    recordWrites("delete", "/company/11", { status: 200 });
    recordWrites("put", "/bibliographies/admin/library", { status: 200 });
    await submit(screenRoute, "/admin/library", cookie, new URLSearchParams({ intent: "toggle", id: "11", on: "false" }));
    await submit(screenRoute, "/admin/library?delete=11", cookie, new URLSearchParams({ intent: "delete", id: "11" }));
    const [deleted, toggled] = (await auditScreen("?resource=library")).rows.map((row) => row.cells);
    expect(deleted).toMatchObject({ action: "Hapus", resource: "Perpustakaan", recordId: "11", changes: "", outcome: "Berhasil" });
    // Named, and its state before as the upstream held it.
    expect(toggled).toMatchObject({ action: "Ubah status", resource: "Perpustakaan", recordId: "11", recordLabel: "Perpustakaan Desa Sukamaju", changes: 'Aktif: "Ya" → "Tidak"' });
  });

  it("never a secret's value, even from a plain text field", () => {
    const changes = fieldChanges(
      [
        { name: "email", label: "Email", type: "text" },
        { name: "password", label: "Kata sandi", type: "text" },
      ],
      { email: "lama@dispusip.local", password: "lama-rahasia" },
      { email: "baru@dispusip.local", password: "baru-rahasia" },
      { chosenFiles: new Map() },
    );
    expect(changes).toEqual([
      { field: "email", label: "Email", kind: "text", from: "lama@dispusip.local", to: "baru@dispusip.local" },
      { field: "password", label: "Kata sandi", kind: "changed" },
    ]);
  });
});

describe("what the admin saw", () => {
  const BOOK_LISTS: Record<string, unknown> = {
    "/authors": { author: [{ id: 111, name: "Sari Wulandari" }, { id: 112, name: "Ahmad Fauzi" }] },
    "/publishers": { publishers: [{ id: 35, name: "Penerbit Lembah", books: [] }] },
    "/classifications": { data: [{ id: 4, notation: "900", general_name: "Sejarah dan Geografi" }] },
    "/genres": { data: [{ id: 11, name: "Biografi" }, { id: 31, name: "Fiksi" }, { id: 34, name: "Anak-anak" }] },
    "/tags": { data: [{ id: 9, name: "Lokal" }] },
  };
  const STORED_BOOK = {
    id: 5,
    title: "Penjaga Arsip",
    synopsis: "Kisah arsip desa.",
    published_date: "2021-03-14T00:00:00.000Z",
    isbn_issn: "9786237001010",
    author: { id: 111, name: "Sari Wulandari" },
    publisher: { id: 35, name: "Penerbit Lembah" },
    classification_id: 4,
    genres: [{ id: 11, name: "Biografi" }],
    tags: [],
    cover: "",
    file: "",
  };
  beforeEach(() => {
    for (const [path, body] of Object.entries(BOOK_LISTS)) upstream.use(http.get(`${UPSTREAM}${path}`, () => HttpResponse.json(body as Record<string, unknown>)));
    upstream.use(http.get(`${UPSTREAM}/books/all`, () => HttpResponse.json({ books: [STORED_BOOK] })));
  });

  it("a book add: its author, publisher and genres by name, its date day-month-year, its cover by file name, and the id the upstream gave", async () => {
    recordWrites("post", "/books", { status: 201, body: { data: { id: 77 } } });
    const submitted = await submit(
      screenRoute,
      "/admin/book?modal=add",
      cookie,
      form([
        ["intent", "create"],
        ["title", "Kebun Raya Kita"],
        ["published_date", "15082023"],
        ["author_id", "112"],
        ["publisher_id", "35"],
        ["genres", "11"],
        ["genres", "31"],
        ["genres", "34"],
        ["cover", imageFile("sampul-baru.png")],
      ]),
    );
    expect(submitted.kind).toBe("redirect");
    expect(await newestEntry()).toMatchObject({
      action: "Tambah",
      recordId: "77",
      changes: [
        'Judul: "Kebun Raya Kita"',
        'Tanggal terbit: "15-08-2023"',
        'Pengarang: "Ahmad Fauzi"',
        'Penerbit: "Penerbit Lembah"',
        'Genre: "Anak-anak, Biografi, Fiksi"',
        'Sampul: berkas baru "sampul-baru.png"',
      ].join("\n"),
      outcome: "Berhasil",
    });
  });

  it("a book edit: the relations changed, from and to, by name", async () => {
    recordWrites("patch", "/books/5", { status: 200 });
    const edited = await submit(
      screenRoute,
      "/admin/book?modal=edit&id=5",
      cookie,
      form([
        ["intent", "update"],
        ["id", "5"],
        ["title", "Penjaga Arsip"],
        ["synopsis", "Kisah arsip desa."],
        ["published_date", "14-03-2021"],
        ["isbn_issn", "978-623-7001-01-0"],
        ["author_id", "112"],
        ["publisher_id", "35"],
        ["classification_id", "4"],
        ["genres", "31"],
      ]),
    );
    expect(edited).toMatchObject({ kind: "redirect" });
    expect(await newestEntry()).toMatchObject({
      action: "Ubah",
      recordId: "5",
      changes: 'Pengarang: "Sari Wulandari" → "Ahmad Fauzi"\nGenre: "Biografi" → "Fiksi"',
    });
  });

  it("an add whose answer names no id: the id found by reading the list again; when it is not there, “tidak diketahui”", async () => {
    const listed = Array.from({ length: 3 }, (_, index) => activity(3 - index));
    upstream.use(http.get(`${UPSTREAM}/activities`, () => HttpResponse.json({ data: listed })));
    upstream.use(
      http.post(`${UPSTREAM}/activities`, () => {
        listed.unshift({ ...activity(40), date: "2024-08-17T00:00:00.000Z", title: "Ditemukan lagi", description: "" });
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const add = (title: string) =>
      submit(screenRoute, "/admin/activity?modal=add", cookie, form([["intent", "create"], ["date", "17-08-2024"], ["title", title], ["description", ""]]));
    await add("Ditemukan lagi");
    await vi.waitFor(async () => expect((await newestEntry()).recordId).toBe("40"), { timeout: 15_000 });

    upstream.use(http.post(`${UPSTREAM}/activities`, () => new HttpResponse(null, { status: 201 })));
    await add("Tidak pernah muncul");
    expect(await newestEntry()).toMatchObject({ action: "Tambah", recordId: "tidak diketahui", outcome: "Berhasil" });
  });
});

describe("/admin/audit", () => {
  it("pages 50 entries at a time, newest first, and filters by screen", async () => {
    for (let index = 1; index <= 55; index += 1) {
      await recordChange({ actor: { id: "7", email: "admin@dispusip.local" }, resource: "tag", recordId: String(index), action: "delete", outcome: "ok", changes: [] });
    }
    const first = await auditScreen("?resource=tag");
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0].cells.recordId).toBe("55");
    expect(first).toMatchObject({ page: 1, hasMore: true, resource: "tag" });
    const second = await auditScreen("?resource=tag&page=2");
    expect(second.rows.map((row) => row.cells.recordId)).toEqual(["5", "4", "3", "2", "1"]);
    expect(second.hasMore).toBe(false);
    expect((await auditScreen("?resource=genre")).rows).toEqual([]);
    expect((await auditScreen("?resource=bukan-layar")).resource, "an unknown filter shows everything").toBeNull();
  });

  it("searches who, which screen and record, and the changes (?q=), case and accents folded, with the filter and a count", async () => {
    const actor = { id: "7", email: "pustakawan@dispusip.local" };
    await recordChange({ actor, resource: "book", recordId: "501", recordLabel: "Sejarah Kabupatén Lembah", action: "update", outcome: "ok", changes: [] });
    await recordChange({ actor, resource: "genre", recordId: "502", recordLabel: "Sejarah", action: "create", outcome: "ok", changes: [] });
    await recordChange({
      actor: { id: "8", email: "arsiparis@dispusip.local" },
      resource: "book",
      recordId: "503",
      recordLabel: "Cerita Rakyat",
      action: "update",
      outcome: "ok",
      changes: [{ field: "title", label: "Judul", kind: "text", from: "Dongeng", to: "Cerita Rakyat" }],
    });
    const ids = async (search: string) => (await auditScreen(search)).rows.map((row) => row.cells.recordId);
    expect(await ids("?q=KABUPATEN")).toEqual(["501"]);
    expect(await ids("?q=sejarah")).toEqual(["502", "501"]);
    expect(await ids("?q=sejarah&resource=book")).toEqual(["501"]);
    expect(await ids("?q=pustakawan%20sej")).toEqual(["502", "501"]);
    expect(await ids("?q=dongeng")).toEqual(["503"]);
    const counted = (await auditScreen("?q=sejarah")) as AuditScreen & { count: unknown };
    expect(counted.count).toEqual({ from: 1, to: 2, total: 2 });
    // Search syntax is plain text: quotes, stars and operators find nothing, and never fail.
    for (const q of ['"', "*", "NEAR(a b)", "a OR b", "-x", "(", "title:x", "a".repeat(300)]) {
      const screen = await auditScreen(`?q=${encodeURIComponent(q)}`);
      expect(screen.alerts, q).toEqual([]);
    }
  });

  it("finds entries by the words the table shows for their screen, action and outcome, stored as codes", async () => {
    const actor = { id: "9", email: "katalog@dispusip.local" };
    await recordChange({ actor, resource: "book", recordId: "601", recordLabel: "Atlas Lama", action: "delete", outcome: "ok", changes: [] });
    await recordChange({ actor, resource: "genre", recordId: "602", recordLabel: "Atlas", action: "delete", outcome: "failed", upstreamStatus: 409, changes: [] });
    await recordChange({ actor, resource: "book", recordId: "603", recordLabel: "Atlas Baru", action: "update", outcome: "ok", changes: [] });
    const ids = async (q: string) => (await auditScreen(`?q=${encodeURIComponent(q)}`)).rows.map((row) => row.cells.recordId).filter((id) => Number(id) > 600);
    expect(await ids("hapus atlas")).toEqual(["602", "601"]);
    expect(await ids("Hapus Buku")).toEqual(["601"]);
    expect(await ids("buku atlas")).toEqual(["603", "601"]);
    expect(await ids("gagal")).toEqual(["602"]);
    expect(await ids("berhasil atlas")).toEqual(["603", "601"]);
    // The stored codes still find them, and a word no label holds finds only what the text holds.
    expect(await ids("delete atlas")).toEqual(["602", "601"]);
    expect(await ids("atlas lama")).toEqual(["601"]);
  });

  it("shows times in Asia/Jakarta", () => {
    expect(formatJakartaDateTime("2026-11-21T17:30:05.000Z")).toBe("22-11-2026 00:30:05 WIB");
  });

  it("exports the log as CSV with the screen's columns, filtered like the screen", async () => {
    await recordChange({ actor: { id: "7", email: "admin@dispusip.local" }, resource: "video", recordId: "3", action: "create", outcome: "ok", changes: [{ field: "title", label: "Judul", kind: "text", from: null, to: "=1+1" }] });
    const response = (await exportRoute.loader({
      request: request("/admin/export/audit?resource=video", { cookie }),
      params: { screen: "audit" },
      context: { clientIp: "x" },
    })) as Response;
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="log-aktivitas-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe('"Waktu","Admin","Tindakan","Data","ID","Nama","Perubahan","Hasil"');
    expect(lines.slice(1)).toEqual([expect.stringContaining('"admin@dispusip.local","Tambah","Video","3","","Judul: ""=1+1""","Berhasil"')]);
  });

  it("exports what the screen's search finds, with the separator asked for (an Indonesian Excel reads ;)", async () => {
    await recordChange({ actor: { id: "7", email: "admin@dispusip.local" }, resource: "video", recordId: "41", action: "update", outcome: "ok", changes: [{ field: "title", label: "Judul", kind: "text", from: "Festival Kopi", to: "Festival Kopi Lokal" }] });
    await recordChange({ actor: { id: "7", email: "admin@dispusip.local" }, resource: "video", recordId: "42", action: "update", outcome: "ok", changes: [{ field: "title", label: "Judul", kind: "text", from: "Lomba", to: "Lomba Bercerita" }] });
    const response = (await exportRoute.loader({ request: request("/admin/export/audit?resource=video&q=kopi&sep=%3B", { cookie }), params: { screen: "audit" }, context: { clientIp: "x" } })) as Response;
    const lines = (await response.text()).replace(/^\ufeff/, "").trim().split("\r\n");
    expect(lines[0]).toBe('"Waktu";"Admin";"Tindakan";"Data";"ID";"Nama";"Perubahan";"Hasil"');
    expect(lines.slice(1)).toEqual([expect.stringContaining('"admin@dispusip.local";"Ubah";"Video";"41"')]);
  });

  it("exports the documents' entries alone when filtered by them, as the screen shows them", async () => {
    await recordChange({ actor: { id: "7", email: "admin@dispusip.local" }, resource: "documents", recordId: "renja", action: "update", outcome: "ok", changes: [] });
    const response = (await exportRoute.loader({ request: request("/admin/export/audit?resource=documents", { cookie }), params: { screen: "audit" }, context: { clientIp: "x" } })) as Response;
    const rows = (await response.text()).trim().split("\r\n").slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.includes('"renja"'))).toBe(true);
  });

  it("shows the last page for a page past the end, as the screens' lists do", async () => {
    const last = await auditScreen("?page=999999");
    expect(last.rows.length).toBeGreaterThan(0);
    expect(last.page).toBeGreaterThanOrEqual(1);
    expect((await auditScreen(`?page=${last.page}`)).rows).toEqual(last.rows);
  });

  it("exports a record's name that would run as a formula behind an apostrophe (CSV injection, issue 35)", async () => {
    for (const [recordId, recordLabel] of [
      ["8", '\u202e=HYPERLINK("http://x")'],
      ["9", "＝1+1"],
    ]) {
      const actor = { id: "7", email: "admin@dispusip.local" };
      await recordChange({ actor, resource: "slider-manager", recordId, recordLabel, action: "delete", outcome: "ok", changes: [] });
    }
    const response = (await exportRoute.loader({
      request: request("/admin/export/audit?resource=slider-manager", { cookie }),
      params: { screen: "audit" },
      context: { clientIp: "x" },
    })) as Response;
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines.slice(1)).toEqual([
      expect.stringContaining(`"9","'＝1+1",`),
      expect.stringContaining(`"8","'\u202e=HYPERLINK(""http://x"")",`),
    ]);
  });
});

describe("the pending entry (issue 36 point 3)", () => {
  const file = () => path.join(process.env.DATA_DIR!, "audit.sqlite");
  /** Makes every completion of an entry fail, as a disk that stopped taking writes would, until `undo` runs. */
  function failCompletions(): () => void {
    const database = new Database(file());
    database.exec(`CREATE TRIGGER test_fail_completion BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'disk I/O error (test)'); END;`);
    return () => {
      database.exec("DROP TRIGGER test_fail_completion");
      database.close();
    };
  }

  it("is written before the upstream is called", async () => {
    let seenWhileCalled: string | undefined;
    upstream.use(
      http.put(`${UPSTREAM}/activities`, () => {
        const database = new Database(file(), { readonly: true });
        seenWhileCalled = (database.prepare("SELECT outcome FROM audit_log ORDER BY id DESC LIMIT 1").get() as { outcome: string }).outcome;
        database.close();
        return HttpResponse.json({});
      }),
    );
    const submitted = await editActivity([
      ["date", "2024-05-01"],
      ["title", "Ditulis sebelum dikirim"],
      ["description", "<p>Lomba bercerita tingkat SD.</p>"],
    ]);
    expect(await alertAfter(screenRoute, submitted, cookie)).toEqual([{ type: "success", message: "Berhasil mengubah kegiatan!" }]);
    expect(seenWhileCalled).toBe("pending");
    expect(await newestEntry()).toMatchObject({ changes: 'Judul: "Kegiatan 24" → "Ditulis sebelum dikirim"', outcome: "Berhasil" });
  });

  it("a completion that cannot be written: the save still succeeds, and the completion is written once the log takes writes again", async () => {
    const writes = recordWrites("put", "/activities", { status: 200 });
    const undo = failCompletions();
    try {
      const submitted = await editActivity([
        ["date", "2024-05-01"],
        ["title", "Selesai walau log sibuk"],
        ["description", "<p>Lomba bercerita tingkat SD.</p>"],
      ]);
      expect(await alertAfter(screenRoute, submitted, cookie)).toEqual([{ type: "success", message: "Berhasil mengubah kegiatan!" }]);
      expect(writes).toHaveLength(1);
      expect(queuedCompletions()).toBe(1);
      expect(retryQueuedCompletions(), "still failing: kept queued").toBe(1);
      expect(await newestEntry()).toMatchObject({ changes: 'Judul: "Kegiatan 24" → "Selesai walau log sibuk"', outcome: "Tidak diketahui (hasil belum tercatat)" });
    } finally {
      undo();
    }
    expect(retryQueuedCompletions()).toBe(0);
    expect(await newestEntry()).toMatchObject({ changes: 'Judul: "Kegiatan 24" → "Selesai walau log sibuk"', outcome: "Berhasil" });
  });

  it("a new record's id, known only from the upstream's answer, is searchable once completed", async () => {
    recordWrites("post", "/activities", { status: 201, body: { data: { id: 4242 } } });
    await submit(
      screenRoute,
      "/admin/activity?modal=add",
      cookie,
      form([
        ["intent", "create"],
        ["date", "2024-06-01"],
        ["title", "Kegiatan baru"],
        ["description", "<p>Baru.</p>"],
      ]),
    );
    expect((await auditScreen("?q=4242")).rows.map((row) => row.cells.recordId)).toEqual(["4242"]);
  });

  it("an entry whose completion never came shows, and exports, its outcome as unknown", async () => {
    await beginChange({ actor: { id: "7", email: "admin@dispusip.local" }, resource: "banner", recordId: "5", action: "delete", changes: [] });
    expect((await auditScreen("?resource=banner")).rows[0].cells).toMatchObject({ action: "Hapus", recordId: "5", outcome: "Tidak diketahui (hasil belum tercatat)" });
    const response = (await exportRoute.loader({
      request: request("/admin/export/audit?resource=banner", { cookie }),
      params: { screen: "audit" },
      context: { clientIp: "x" },
    })) as Response;
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[1]).toContain('"Hapus","Banner","5","","","Tidak diketahui (hasil belum tercatat)"');
  });
});
