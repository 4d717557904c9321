import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { publisherScreen } from "~/resources/publishers/publishers";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { readQueries, servePagedList, type ListQuery } from "./admin-catalogue-support";
import { adminScreen, fieldErrors, recordWrites } from "./admin-screen-support";

/** /admin/publisher (Penerbit): the `publishers` list field, JSON writes with `books: []`, dotted numbers. */

const publisher = (id: number) => ({
  id,
  name: `Penerbit ${id}`,
  address: "Jl. Merdeka 1\nLembah Asri",
  about: "Penerbit buku pelajaran dan sastra daerah sejak tahun 1985 di Lembah Asri.",
  email: `penerbit${id}@contoh.id`,
  phone: "0271 123456",
  total_books: 12500,
  books: [{ id: 4, title: "Buku" }],
});

const fields: Array<[string, string]> = [
  ["name", "Pustaka Lembah"],
  ["address", "Jl. Pahlawan 2"],
  ["about", "Penerbit lokal"],
  ["email", "redaksi@pustaka.id"],
  ["phone", "+62 271 555"],
  ["total_books", "1.250"],
];

const admin = adminScreen(route, "/admin/publisher");
let listQueries: ListQuery[];
beforeEach(async () => {
  listQueries = servePagedList("/publishers", "publishers", 1, publisher);
});

describe("publisher screen", () => {
  it("reads the `publishers` field, 20 a page, the number of books with dot thousands", async () => {
    const { screen } = await admin.load("/admin/publisher");
    expect(listQueries).toEqual(readQueries(2));
    expect(screen.rows[0]).toMatchObject({
      id: "1",
      cells: {
        name: "Penerbit 1",
        address: "Jl. Merdeka 1\nLembah Asri",
        email: "penerbit1@contoh.id",
        phone: "0271 123456",
        total_books: "12.500",
        about: "Penerbit buku pelajaran dan sastra daerah sejak ta...",
      },
      values: { total_books: "12.500", email: "penerbit1@contoh.id", about: publisher(1).about },
    });
  });

  it("says 'Gagal mendapatkan data!' when the list fails", async () => {
    upstream.use(http.get(`${UPSTREAM}/publishers`, () => HttpResponse.json({ error: "x" }, { status: 500 })));
    const { screen } = await admin.load("/admin/publisher");
    expect(screen.alerts.map((alert) => alert.message)).toEqual(["Gagal mendapatkan data!"]);
  });

  it("adds with a JSON POST of exactly the spec's fields: books as an empty list, no total_books (update only)", async () => {
    const writes = recordWrites("post", "/publishers", { status: 201 });
    const submitted = await admin.add([...fields]);
    expect(writes).toEqual([
      {
        method: "POST",
        path: "/api/publishers",
        authorization: "Bearer token-role-3",
        contentType: "application/json",
        json: {
          name: "Pustaka Lembah",
          address: "Jl. Pahlawan 2",
          about: "Penerbit lokal",
          email: "redaksi@pustaka.id",
          phone: "+62 271 555",
          books: [],
        },
      },
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menambahkan data!" }]);
  });

  it("edits with a JSON PUT that adds the id and total_books", async () => {
    const writes = recordWrites("put", "/publishers", { status: 200 });
    const submitted = await admin.edit("1", [...fields]);
    expect(writes[0]).toMatchObject({ method: "PUT", path: "/api/publishers", authorization: "Bearer token-role-3" });
    expect(writes[0].json).toEqual({
      id: 1,
      name: "Pustaka Lembah",
      address: "Jl. Pahlawan 2",
      about: "Penerbit lokal",
      email: "redaksi@pustaka.id",
      phone: "+62 271 555",
      total_books: 1250,
      books: [],
    });
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);
  });

  it("refuses a malformed email next to the field; a number that is not one is sent as null, never \"\"", async () => {
    const submitted = await admin.refuses("/admin/publisher?modal=add", [["intent", "create"], ["name", "X"], ["email", "bukan-email"]]);
    expect(fieldErrors(submitted)).toEqual({ email: ["Format email tidak valid"] });

    const writes = recordWrites("put", "/publishers", { status: 200 });
    await admin.edit("1", [["name", "X"], ["total_books", "banyak"]]);
    expect(writes[0].json).toMatchObject({ id: 1, name: "X", total_books: null, books: [] });
  });

  it("tells the admin when a write or delete fails (the spec only logs it)", async () => {
    recordWrites("post", "/publishers", { status: 500 });
    recordWrites("put", "/publishers", { status: 500 });
    recordWrites("delete", "/publishers/1", { status: 409, body: { error: "Penerbit masih memiliki 3 buku di katalog" } });
    const created = await admin.add([...fields]);
    expect(created).toMatchObject({ kind: "data", data: { alert: { message: "Gagal menambahkan data!" } } });
    const updated = await admin.edit("1", [...fields]);
    expect(updated).toMatchObject({ kind: "data", data: { alert: { message: "Gagal mengubah data!" } } });
    const removed = await admin.remove("1");
    expect(await admin.alertAfter(removed)).toEqual([{ type: "error", message: "Gagal menghapus data!" }]);
  });

  it("says beside the form why the upstream refused a save, by field where it names one (Laravel's 422), and never a 500's SQL or Laravel's English", async () => {
    recordWrites("put", "/publishers", { status: 422, body: { error: "Jumlah buku harus berupa bilangan bulat positif" } });
    const refused = await admin.edit("1", [...fields]);
    expect(refused).toMatchObject({ kind: "data", status: 422, data: { alert: { message: "Gagal mengubah data!" } } });
    expect(fieldErrors(refused)).toEqual({ "": ["Alasan dari server: Jumlah buku harus berupa bilangan bulat positif"] });

    recordWrites("put", "/publishers", { status: 422, body: { message: "The given data was invalid.", errors: { email: ["Email sudah dipakai penerbit lain."], rahasia: ["x"] } } });
    const byField = await admin.edit("1", [...fields]);
    expect(fieldErrors(byField)).toEqual({ email: ["Email sudah dipakai penerbit lain."] });

    recordWrites("put", "/publishers", { status: 500, body: { message: "SQLSTATE[23000]: Integrity constraint violation: publishers_email_unique" } });
    const failed = await admin.edit("1", [...fields]);
    expect(failed).toMatchObject({ kind: "data", status: 502, data: { alert: { message: "Gagal mengubah data!" } } });
    expect(JSON.stringify(failed)).not.toMatch(/SQLSTATE|given data/);
  });

  it("asks 'Are you sure you want to delete this publisher?' and deletes with DELETE /publishers/{id}", async () => {
    expect(publisherScreen.texts.deleteQuestion).toBe("Are you sure you want to delete this publisher?");
    const writes = recordWrites("delete", "/publishers/1", { status: 200 });
    const submitted = await admin.remove("1");
    expect(writes).toEqual([{ method: "DELETE", path: "/api/publishers/1", authorization: "Bearer token-role-3", contentType: "" }]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menghapus data!" }]);
  });
});
