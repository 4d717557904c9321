import { http, HttpResponse, type JsonBodyType } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { NO_CHANGE, type AuditCells } from "~/lib/audit";
import { CONFLICT_MESSAGES, SHOWN_FIELD } from "~/admin-kit/edit-conflicts";
import { encodeUnresolved, shownRelations, UNRESOLVED_FIELD } from "~/admin-kit/relations";
import type { ScreenDefinition, ScreenData } from "~/admin-kit/screen";
import { aboutScreen } from "~/resources/abouts/abouts";
import { activityScreen } from "~/resources/activities/activities";
import { bookScreen } from "~/resources/books/books";
import { historyScreen } from "~/resources/histories/histories";
import { libraryScreen } from "~/resources/libraries/libraries";
import { publisherScreen } from "~/resources/publishers/publishers";
import { sliderScreen } from "~/resources/sliders/sliders";
import * as screenRoute from "~/routes/admin-screen";
import * as auditRoute from "~/routes/admin.audit";
import { request } from "../helpers/sessions";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminCookie, form, load, noFile, recordWrites, submit, type ScreenRoute } from "./admin-screen-support";

/**
 * Issue 19 point 5: the audit log is exact. A save that changes nothing is recorded, with no
 * changed field (the admin did save, and the upstream was written); a delete names the record
 * it deleted; an edit names the record it changed. Stored values are compared as a save would
 * store them: rich text cleaned, numbers parsed, relations as the form showed them.
 */

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
});

async function newestEntry(): Promise<AuditCells> {
  const result = (await auditRoute.loader({ request: request("/admin/audit", { cookie }), params: {}, context: { clientIp: "x" } })) as {
    data: { rows: Array<{ cells: AuditCells }> };
  };
  return result.data.rows[0].cells;
}

interface Case {
  name: string;
  route: ScreenRoute;
  path: string;
  definition: ScreenDefinition;
  list: { path: string; body: JsonBodyType };
  lookups?: Record<string, JsonBodyType>;
  /** The record as an edit reads it on its own, where the upstream reads single records (spec §7: activities). */
  read?: { path: string; body: JsonBodyType };
  write: { method: "put" | "patch"; path: string };
  id: string;
}

const ACTIVITY_24 = { id: 24, date: "2024-05-01T00:00:00.000Z", title: "Lomba", description: "<p>Lomba&nbsp;bercerita</p>", file: "a.jpg" };

const CASES: Case[] = [
  {
    name: "about (rich text as the upstream stores it, social handles)",
    route: screenRoute,
    path: "/admin/about-manager",
    definition: aboutScreen as unknown as ScreenDefinition,
    list: {
      path: "/abouts",
      body: {
        data: [
          {
            id: 1,
            title: "Tentang Dinas",
            // Unsanitised and with Quill's &nbsp;: what a save stores differs, what it shows does not.
            description: '<p>Melayani&nbsp;sejak 1985.<script>alert(1)</script></p><p><a href="https://contoh.id">tautan</a></p>',
            address: "Jl. Merdeka No. 1",
            phone: "(022) 123456",
            email: "info@dispusip.example",
            facebook: "dispusip",
            instagram: "dispusip.id",
            twitter: null,
            youtube: "",
            tiktok: "dispusip",
            terms_and_condition: "<p>Syarat</p>",
            privacy_policy: "",
            file: "tentang.jpg",
          },
        ],
      },
    },
    write: { method: "put", path: "/abouts" },
    id: "1",
  },
  {
    name: "publisher (a number shown as 12.500)",
    route: screenRoute,
    path: "/admin/publisher",
    definition: publisherScreen as unknown as ScreenDefinition,
    list: {
      path: "/publishers",
      body: { publishers: [{ id: "4", name: "Pustaka Lembah", address: "", about: "Penerbit", email: "", phone: "", total_books: 12500 }] },
    },
    write: { method: "put", path: "/publishers" },
    id: "4",
  },
  {
    name: "book (the spec's shape: relations by name)",
    route: screenRoute,
    path: "/admin/book",
    definition: bookScreen as unknown as ScreenDefinition,
    list: {
      path: "/books/all",
      body: {
        books: [
          {
            id: 5,
            title: "Penjaga Arsip",
            synopsis: "Kisah",
            published_date: "2021-03-14T00:00:00.000Z",
            isbn_issn: "9786237001010",
            author: { name: "Sari Wulandari" },
            publisher: { name: "Penerbit Lembah" },
            classification_id: 4,
            genres: [{ name: "Sejarah" }, { name: "Tak Dikenal" }],
            tags: [],
            cover: "",
            file: "",
          },
        ],
      },
    },
    lookups: {
      "/authors": { author: [{ id: 2, name: "Sari Wulandari" }] },
      "/publishers": { publishers: [{ id: 3, name: "Penerbit Lembah" }] },
      "/classifications": { data: [{ id: 4, notation: "900", general_name: "Sejarah" }] },
      "/genres": { data: [{ id: 1, name: "Sejarah" }] },
      "/tags": { data: [] },
    },
    write: { method: "patch", path: "/books/5" },
    id: "5",
  },
  {
    name: "activity (a date stored as a date-time, rich text)",
    route: screenRoute,
    path: "/admin/activity",
    definition: activityScreen as unknown as ScreenDefinition,
    list: { path: "/activities", body: { data: [ACTIVITY_24] } },
    read: { path: "/activities/24", body: { data: ACTIVITY_24 } },
    write: { method: "put", path: "/activities" },
    id: "24",
  },
  {
    name: "history (an upper-cased title)",
    route: screenRoute,
    path: "/admin/history",
    definition: historyScreen as unknown as ScreenDefinition,
    list: { path: "/histories", body: { data: [{ id: 1, title: "SEJARAH DINAS", description: "<h2>Awal</h2><p>Berdiri 1985</p>", file: null }] } },
    write: { method: "put", path: "/histories" },
    id: "1",
  },
  {
    name: "library (JSON on the panel service)",
    route: screenRoute,
    path: "/admin/library",
    definition: libraryScreen as unknown as ScreenDefinition,
    list: {
      path: "/bibliographies/admin/library",
      body: { data: [{ id: 11, name: "Perpustakaan Desa", address: "Jl. Desa 1", phone_number: "0812345678", about: null, active: "1" }] },
    },
    write: { method: "put", path: "/bibliographies/admin/library" },
    id: "11",
  },
  {
    name: "slider (an upper-cased title, a URL)",
    route: screenRoute,
    path: "/admin/slider-manager",
    definition: sliderScreen as unknown as ScreenDefinition,
    list: { path: "/sliders", body: { data: [{ id: 3, title: "SELAMAT DATANG", description: "Layanan baru", url: "https://contoh.id/", file: "s.jpg" }] } },
    write: { method: "put", path: "/sliders" },
    id: "3",
  },
];

function serve(test: Case) {
  upstream.use(http.get(`${UPSTREAM}${test.list.path}`, () => HttpResponse.json(test.list.body)));
  for (const [path, body] of Object.entries(test.lookups ?? {})) upstream.use(http.get(`${UPSTREAM}${path}`, () => HttpResponse.json(body)));
  if (test.read) upstream.use(http.get(`${UPSTREAM}${test.read.path}`, () => HttpResponse.json(test.read!.body)));
}

/** The edit form exactly as the browser would post it untouched: its starting values, what it showed, no new file. */
async function untouchedEditForm(test: Case) {
  const { screen } = await load(test.route, `${test.path}?modal=edit&id=${test.id}`, cookie);
  // The form opens with the record the loader read for it, not the list's row.
  const row = (screen as ScreenData).editing;
  if (!row) throw new Error(`${test.path}: record ${test.id} was not read for the edit form`);
  const resolved = shownRelations(row, screen.choices, test.definition.fields) ?? { values: {}, unresolved: {} };
  const entries: Array<[string, string | File]> = [
    ["intent", "update"],
    ["id", row.id],
  ];
  if (row.shown) entries.push([SHOWN_FIELD, row.shown]);
  if (Object.keys(resolved.unresolved).length > 0) entries.push([UNRESOLVED_FIELD, encodeUnresolved(resolved.unresolved)]);
  for (const [name, value] of Object.entries({ ...row.values, ...resolved.values })) {
    for (const item of Array.isArray(value) ? value : [value]) entries.push([name, item]);
  }
  for (const field of test.definition.fields) if (field.type === "file") entries.push([field.name, noFile()]);
  return form(entries);
}

describe("a save that changes nothing", () => {
  it.each(CASES)("$name: is recorded, with no changed field", async (test) => {
    serve(test);
    const writes = recordWrites(test.write.method, test.write.path, { status: 200 });
    const submitted = await submit(test.route, `${test.path}?modal=edit&id=${test.id}`, cookie, await untouchedEditForm(test));
    expect(submitted.kind, JSON.stringify(submitted)).toBe("redirect");
    expect(writes).toHaveLength(1);
    const entry = await newestEntry();
    expect(entry).toMatchObject({ action: "Ubah", recordId: test.id, outcome: "Berhasil" });
    expect(entry.changes).toBe(NO_CHANGE);
    expect(entry.recordLabel).not.toBe("");
  });
});

describe("naming the record", () => {
  const ACTIVITIES = { data: [{ id: 24, date: "2024-05-01T00:00:00.000Z", title: "Lomba Bercerita", description: "", file: "" }] };

  it("a delete records the deleted record's title beside its id", async () => {
    upstream.use(http.get(`${UPSTREAM}/activities`, () => HttpResponse.json(ACTIVITIES)));
    recordWrites("delete", "/activities/24", { status: 200 });
    await submit(screenRoute, "/admin/activity?delete=24", cookie, form([["intent", "delete"], ["id", "24"]]));
    expect(await newestEntry()).toMatchObject({ action: "Hapus", recordId: "24", recordLabel: "Lomba Bercerita", outcome: "Berhasil" });
  });

  it("a refused delete names it too; a record no longer listed is recorded by its id alone", async () => {
    upstream.use(http.get(`${UPSTREAM}/activities`, () => HttpResponse.json(ACTIVITIES)));
    recordWrites("delete", "/activities/24", { status: 500 });
    await submit(screenRoute, "/admin/activity?delete=24", cookie, form([["intent", "delete"], ["id", "24"]]));
    expect(await newestEntry()).toMatchObject({ action: "Hapus", recordId: "24", recordLabel: "Lomba Bercerita", outcome: "Gagal (500)" });

    recordWrites("delete", "/activities/99", { status: 200 });
    await submit(screenRoute, "/admin/activity?delete=99", cookie, form([["intent", "delete"], ["id", "99"]]));
    expect(await newestEntry()).toMatchObject({ action: "Hapus", recordId: "99", recordLabel: "" });
  });
});

describe("an edit of a record that no longer exists", () => {
  const editLomba = () =>
    submit(
      screenRoute,
      "/admin/activity?modal=edit&id=24",
      cookie,
      form([
        ["intent", "update"],
        ["id", "24"],
        ["date", "2024-05-01"],
        ["title", "Lomba"],
        ["file", noFile()],
      ]),
    );

  it("answers 404 saying it was deleted elsewhere, and writes nothing, when the upstream no longer has it", async () => {
    upstream.use(
      http.get(`${UPSTREAM}/activities`, () => HttpResponse.json({ data: [] })),
      http.get(`${UPSTREAM}/activities/24`, () => HttpResponse.json({ error: "Kegiatan tidak ditemukan" }, { status: 404 })),
    );
    const writes = recordWrites("put", "/activities", { status: 200 });
    const submitted = await editLomba();
    expect(submitted).toMatchObject({ kind: "data", status: 404, data: { alert: { type: "error", message: CONFLICT_MESSAGES.gone } } });
    expect(writes).toEqual([]);
  });

  it("answers 404 with the screen's failure message, not 502, when it is deleted between the read and the write", async () => {
    upstream.use(http.get(`${UPSTREAM}/activities/24`, () => HttpResponse.json({ data: ACTIVITY_24 })));
    recordWrites("put", "/activities", { status: 404, body: { error: "Kegiatan tidak ditemukan" } });
    const submitted = await editLomba();
    expect(submitted).toMatchObject({ kind: "data", status: 404, data: { alert: { type: "error", message: "Gagal mengubah kegiatan!" } } });
  });
});
