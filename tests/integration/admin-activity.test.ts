import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminScreen, fieldErrors, imageFile, noFile, PNG_SIGNATURE, recordWrites } from "./admin-screen-support";

/** /admin/activity: ISO dates, rich text, images, paging and the public page link (its export: admin-export.test.ts). */

const activity = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  date: "2024-05-01T00:00:00.000Z",
  title: `Kegiatan ${id}`,
  description: "<p>Lomba <strong>bercerita</strong> tingkat SD se-kabupaten diikuti lebih dari seratus peserta.</p>",
  file: `kegiatan-${id}.jpg`,
  ...overrides,
});

const admin = adminScreen(route, "/admin/activity");
let listQueries: string[];
beforeEach(async () => {
  listQueries = [];
  upstream.use(
    http.get(`${UPSTREAM}/activities`, ({ request: incoming }) => {
      const url = new URL(incoming.url);
      listQueries.push(url.search);
      const limit = Number(url.searchParams.get("limit") || 0);
      const page = Math.max(1, Number(url.searchParams.get("page") || 1));
      const all = Array.from({ length: 25 }, (_, index) => activity(25 - index));
      return HttpResponse.json({ data: limit ? all.slice((page - 1) * limit, page * limit) : all });
    }),
    // An edit form and a save read the record as stored now (spec §7: GET /activities/{id}).
    http.get(`${UPSTREAM}/activities/:id`, ({ params }) => {
      const id = Number(params.id);
      return id >= 1 && id <= 25 ? HttpResponse.json({ data: activity(id) }) : HttpResponse.json({ error: "Data tidak ditemukan" }, { status: 404 });
    }),
  );
});

describe("activity list", () => {
  it("shows DD-MM-YYYY dates and rich text as plain text cut to 50 characters, 20 rows a page", async () => {
    const { screen } = await admin.load("/admin/activity");
    // The whole list, read in pages of 100 (0 and 1 the same first page; the next, empty, ends it); shown 20 a page, newest first.
    expect(listQueries).toEqual(["?page=0&limit=100", "?page=1&limit=100", "?page=2&limit=100"]);
    expect(screen.rows).toHaveLength(20);
    expect(screen.paging).toEqual({ page: 1, hasMore: true, pageCount: 2, perPage: 20, view: "" });
    expect(screen.count).toEqual({ from: 1, to: 20, total: 25 });
    expect(screen.rows[0]).toMatchObject({
      id: "25",
      cells: {
        date: "01-05-2024",
        title: "Kegiatan 25",
        description: "Lomba bercerita tingkat SD se-kabupaten diikuti le...",
        file: "/files/kegiatan-25.jpg",
      },
      values: { date: "2024-05-01", title: "Kegiatan 25" },
    });
  });

  it("?page=2 shows the last 5 of 25 from the copy read for the first page, without asking the upstream again", async () => {
    await admin.load("/admin/activity");
    const { screen } = await admin.load("/admin/activity?page=2");
    expect(listQueries).toEqual(["?page=0&limit=100", "?page=1&limit=100", "?page=2&limit=100"]);
    expect(screen.rows.map((row) => row.id)).toEqual(["5", "4", "3", "2", "1"]);
    expect(screen.paging).toEqual({ page: 2, hasMore: false, pageCount: 2, perPage: 20, view: "" });
    expect(screen.count).toEqual({ from: 21, to: 25, total: 25 });
    expect(screen.loadFailure).toBeNull();
  });

  it("says 'Gagal mendapatkan data kegiatan!' when the list fails", async () => {
    upstream.use(http.get(`${UPSTREAM}/activities`, () => HttpResponse.error()));
    const { screen } = await admin.load("/admin/activity");
    expect(screen.alerts.map((alert) => alert.message)).toEqual(["Gagal mendapatkan data kegiatan!"]);
    // The table says so too (the alert goes after a few seconds), not that there are no records.
    expect(screen.loadFailure).toBe("Gagal mendapatkan data kegiatan!");
    expect(screen.rows).toEqual([]);
  });
});

describe("adding and editing an activity", () => {
  it("POSTs multipart with the date as ISO, sanitised rich text and the image", async () => {
    const writes = recordWrites("post", "/activities", { status: 201, body: { data: { id: 26 } } });
    const submitted = await admin.add([
      ["date", "2024-08-17"],
      ["title", "Upacara 17 Agustus"],
      ["description", '<p>Upacara&nbsp;bendera <img src=x onerror="alert(1)"><a href="javascript:alert(1)">tautan</a></p>'],
      ["file", imageFile("upacara.png")],
    ]);
    expect(writes[0]).toMatchObject({ method: "POST", path: "/api/activities", authorization: "Bearer token-role-3" });
    expect(writes[0].fields).toEqual([
      ["date", "2024-08-17T00:00:00.000Z"],
      ["title", "Upacara 17 Agustus"],
      ["description", '<p>Upacara bendera <img src="x" /><a>tautan</a></p>'],
      ["file", expect.objectContaining({ filename: "upacara.png", type: "image/png", head: PNG_SIGNATURE })],
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menambah kegiatan!" }]);
  });

  it("refuses an invalid date in Indonesian next to the field, keeping the title", async () => {
    const submitted = await admin.refuses("/admin/activity?modal=add", [
      ["intent", "create"],
      ["date", "2024-02-31"],
      ["title", "Tetap ada"],
      ["file", noFile()],
    ]);
    expect(fieldErrors(submitted)).toEqual({ date: ["Tanggal “2024-02-31” tidak valid: tanggal itu tidak ada di kalender"] });
    if (submitted.kind === "data") expect(submitted.data.result?.initialValue).toMatchObject({ title: "Tetap ada", date: "2024-02-31" });
  });

  it("refuses rich text nested deeper than any editor writes, next to its field, nothing written", async () => {
    const writes = recordWrites("post", "/activities", { status: 201 });
    const submitted = await admin.refuses("/admin/activity?modal=add", [
      ["intent", "create"],
      ["date", "2024-05-12"],
      ["title", "Bertingkat"],
      ["description", `${"<b>".repeat(100_000)}x`],
      ["file", noFile()],
    ]);
    expect(fieldErrors(submitted)).toEqual({ description: ["Deskripsi memuat format yang terlalu bertingkat. Sederhanakan formatnya, lalu simpan lagi."] });
    expect(writes).toEqual([]);
  });

  it("refuses a picture pasted in as bytes or a local file (which the sanitiser would drop), next to its field, nothing written", async () => {
    const writes = recordWrites("post", "/activities", { status: 201 });
    for (const picture of ['<img src="data:image/png;base64,iVBORw0KGgo=">', "<IMG alt=x SRC = 'file:///C:/Users/staf/foto.jpg'>", "<img src=blob:https://x/1>"]) {
      const submitted = await admin.refuses("/admin/activity?modal=add", [
        ["intent", "create"],
        ["date", "2024-05-12"],
        ["title", "Foto ditempel"],
        ["description", `<p>Foto kegiatan: ${picture}</p>`],
        ["file", noFile()],
      ]);
      expect(fieldErrors(submitted)).toEqual({
        description: ["Deskripsi memuat gambar yang ditempel langsung, yang tidak dapat disimpan. Hapus gambar itu, lalu sisipkan lewat tombol Gambar dengan alamat web (https://…)."],
      });
    }
    expect(writes).toEqual([]);
    // A picture by its web address, or on this site's /files, goes.
    await admin.add([["date", "2024-05-12"], ["title", "Foto alamat"], ["description", '<p><img src="https://contoh.go.id/a.png"><img src="/files/b.jpg" alt="data:"></p>'], ["file", noFile()]]);
    expect(writes[0].fields).toContainEqual(["description", '<p><img src="https://contoh.go.id/a.png" /><img src="/files/b.jpg" alt="data:" /></p>']);
  });

  it("drops characters no one types from plain fields (a NUL pasted from a PDF, a right-to-left override)", async () => {
    const writes = recordWrites("post", "/activities", { status: 201 });
    await admin.add([["date", "2024-05-12"], ["title", "Lomba\u0000 mewarnai\u202e\u0008"], ["file", noFile()]]);
    expect(writes[0].fields).toContainEqual(["title", "Lomba mewarnai"]);
  });

  it("an activity may be added without an image", async () => {
    const writes = recordWrites("post", "/activities", { status: 201 });
    await admin.add([["date", "2024-08-17"], ["title", "Tanpa gambar"], ["file", noFile()]]);
    expect(writes[0].fields?.map(([name]) => name)).toEqual(["date", "title", "description"]);
  });

  it("PUTs the id with the ISO date, keeps the image when none is chosen, says 'Berhasil mengubah kegiatan!'", async () => {
    const writes = recordWrites("put", "/activities", { status: 200 });
    const submitted = await admin.edit("25", [
      ["date", "2024-05-02"],
      ["title", "Kegiatan diubah"],
      ["description", "<p><br></p>"],
      ["file", noFile()],
    ]);
    expect(writes[0].fields).toEqual([
      ["id", "25"],
      ["date", "2024-05-02T00:00:00.000Z"],
      ["title", "Kegiatan diubah"],
      ["description", ""],
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil mengubah kegiatan!" }]);
  });

  it("an edit of the title alone sends the description exactly as stored, an older editor's styles, picture and video kept", async () => {
    const stored =
      '<div style="text-align:center"><p>Foto:</p><p><img src="data:image/png;base64,iVBORw0KGgo="></p>' +
      '<p><span style="font-size:18px">Teks besar</span> &ndash; 2019</p><iframe class="ql-video" src="https://www.youtube.com/embed/x"></iframe></div>';
    upstream.use(http.get(`${UPSTREAM}/activities/7`, () => HttpResponse.json({ data: activity(7, { description: stored }) })));
    const writes = recordWrites("put", "/activities", { status: 200 });
    // The edit form sends the rich text it was given back as it was while the admin leaves it.
    await admin.edit("7", [["date", "2024-05-01"], ["title", "Judul baru"], ["description", stored], ["file", noFile()]]);
    expect(writes[0].fields).toContainEqual(["description", stored]);
    expect(writes[0].fields).toContainEqual(["title", "Judul baru"]);
  });

  it("an edit of the title alone sends the date as stored with its hour; another tool's writing as the ISO date (spec §7), which the upstream takes back", async () => {
    const writes = recordWrites("put", "/activities", { status: 200 });
    for (const [id, date] of [[8, "2024-05-17T10:30:00+07:00"], [9, "17-05-2024"]] as const) {
      upstream.use(http.get(`${UPSTREAM}/activities/${id}`, () => HttpResponse.json({ data: activity(id, { date }) })));
      // The form shows the day (17-05-2024) and sends it back as shown.
      await admin.edit(String(id), [["date", "17-05-2024"], ["title", "Judul baru"], ["description", activity(id).description], ["file", noFile()]]);
    }
    expect(writes.map((write) => write.fields?.find(([name]) => name === "date"))).toEqual([
      ["date", "2024-05-17T10:30:00+07:00"],
      ["date", "2024-05-17T00:00:00.000Z"],
    ]);
    expect(writes.map((write) => write.fields?.find(([name]) => name === "title"))).toEqual([["title", "Judul baru"], ["title", "Judul baru"]]);
  });

  it("says 'Gagal menambah kegiatan!' and 'Gagal mengubah kegiatan!' on upstream failures", async () => {
    recordWrites("post", "/activities", { status: 400, body: { error: "Judul wajib diisi" } });
    const puts = recordWrites("put", "/activities", { status: 500 });
    const added = await admin.add([["date", "2024-08-17"], ["title", "x"]]);
    const edited = await admin.edit("3", [["date", "2024-08-17"], ["title", "x"]]);
    expect(added).toMatchObject({ kind: "data", data: { alert: { message: "Gagal menambah kegiatan!" } } });
    expect(edited).toMatchObject({ kind: "data", data: { alert: { message: "Gagal mengubah kegiatan!" } } });
    // The write's failure, not the read before it: the PUT was sent.
    expect(puts).toHaveLength(1);
  });
});

describe("deleting an activity", () => {
  it("DELETE /activities/{id}, then 'Kegiatan berhasil dihapus!' or 'Gagal menghapus kegiatan!'", async () => {
    const writes = recordWrites("delete", "/activities/25", { status: 200 });
    const done = await admin.remove("25");
    expect(writes.map(({ method, path, authorization }) => ({ method, path, authorization }))).toEqual([
      { method: "DELETE", path: "/api/activities/25", authorization: "Bearer token-role-3" },
    ]);
    expect(await admin.alertAfter(done)).toEqual([{ type: "success", message: "Kegiatan berhasil dihapus!" }]);
    recordWrites("delete", "/activities/24", { status: 500 });
    const failed = await admin.remove("24");
    expect(await admin.alertAfter(failed)).toEqual([{ type: "error", message: "Gagal menghapus kegiatan!" }]);
  });
});
