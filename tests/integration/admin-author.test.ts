import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { authorScreen } from "~/resources/authors/authors";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { readQueries, servePagedList, type ListQuery } from "./admin-catalogue-support";
import { adminScreen, fakeImage, fieldErrors, imageFile, noFile, recordAllRequests, recordWrites, uploadedPng } from "./admin-screen-support";

/** /admin/author (Pengarang): the `author` list field, multipart writes with the photo, the generic messages. */

const author = (id: number) => ({
  id,
  name: `Pengarang ${id}`,
  biography: "Penulis cerita rakyat Lembah Asri yang aktif sejak tahun delapan puluhan.",
  photo: id === 1 ? "foto-1.jpg" : "",
  total_books: id === 1 ? 1250 : 0,
});

const admin = adminScreen(route, "/admin/author");
let listQueries: ListQuery[];
beforeEach(async () => {
  listQueries = servePagedList("/authors", "author", 2, author);
});

describe("author list", () => {
  it("reads the `author` field in pages of 100 (not page=0&limit=0), with the token, newest first", async () => {
    const { screen } = await admin.load("/admin/author");
    expect(listQueries).toEqual(readQueries(2));
    expect(screen.rows.map((row) => row.id)).toEqual(["2", "1"]);
    expect(screen.rows[1]).toMatchObject({
      id: "1",
      cells: {
        name: "Pengarang 1",
        biography: "Penulis cerita rakyat Lembah Asri yang aktif sejak...",
        total_books: "1.250",
        photo: "/files/foto-1.jpg",
      },
      values: { name: "Pengarang 1", biography: author(1).biography },
      files: { photo: "/files/foto-1.jpg" },
    });
    expect(screen.rows[0].cells).toMatchObject({ total_books: "0", photo: null });
  });

  it("says 'Gagal mendapatkan data!' when the list fails", async () => {
    upstream.use(http.get(`${UPSTREAM}/authors`, () => HttpResponse.text("bukan json")));
    const { screen } = await admin.load("/admin/author");
    expect(screen.alerts.map((alert) => alert.message)).toEqual(["Gagal mendapatkan data!"]);
    // The table says so too (the alert goes after a few seconds), not that there are no records.
    expect(screen.loadFailure).toBe("Gagal mendapatkan data!");
    expect(screen.rows).toEqual([]);
  });
});

describe("adding an author", () => {
  it("streams a multipart POST /authors: name, biography, total_books 0, then the photo", async () => {
    const writes = recordWrites("post", "/authors", { status: 201 });
    const submitted = await admin.add([["name", "Sari Wulandari"], ["biography", "Penulis buku anak."], ["photo", imageFile("sari.png")]]);
    expect(writes[0]).toMatchObject({ method: "POST", path: "/api/authors", authorization: "Bearer token-role-3" });
    expect(writes[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(writes[0].fields).toEqual([
      ["name", "Sari Wulandari"],
      ["biography", "Penulis buku anak."],
      ["total_books", "0"],
      ["photo", uploadedPng("sari.png")],
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menambahkan data!" }]);
  });

  it("refuses a photo that is not an image, and a missing name, before calling the upstream", async () => {
    const calls = recordAllRequests();
    const fake = await admin.add([["name", "X"], ["photo", fakeImage()]]);
    expect(fieldErrors(fake)).toEqual({ photo: ["Berkas harus berupa gambar JPEG, PNG, WebP, atau GIF"] });
    const nameless = await admin.add([["name", ""], ["photo", noFile()]]);
    expect(fieldErrors(nameless)).toEqual({ name: ["Nama wajib diisi"] });
    // Nothing written: the authors' list is read (the duplicate check), before the photo is.
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("says 'Gagal menambahkan data!' when the upstream refuses", async () => {
    recordWrites("post", "/authors", { status: 500 });
    const submitted = await admin.add([["name", "X"]]);
    expect(submitted).toMatchObject({ kind: "data", status: 502, data: { alert: { type: "error", message: "Gagal menambahkan data!" } } });
  });
});

describe("editing an author", () => {
  it("sends PUT /authors multipart with the id, without total_books, and no photo part when none is chosen", async () => {
    const writes = recordWrites("put", "/authors", { status: 200 });
    const submitted = await admin.edit("1", [["name", "Pengarang Satu"], ["biography", ""], ["photo", noFile()]]);
    expect(writes[0]).toMatchObject({ method: "PUT", path: "/api/authors", authorization: "Bearer token-role-3" });
    expect(writes[0].fields).toEqual([
      ["id", "1"],
      ["name", "Pengarang Satu"],
      ["biography", ""],
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);
  });

  it("sends a new photo in `photo`; a failure says 'Gagal mengubah data!'", async () => {
    recordWrites("put", "/authors", { status: 500 });
    const submitted = await admin.edit("1", [["name", "X"], ["photo", imageFile()]]);
    expect(submitted).toMatchObject({ kind: "data", data: { alert: { type: "error", message: "Gagal mengubah data!" } } });
  });
});

describe("deleting an author", () => {
  it("asks 'Are you sure you want to delete this author?', deletes, and reports a refusal generically", async () => {
    expect(authorScreen.texts.deleteQuestion).toBe("Are you sure you want to delete this author?");
    const writes = recordWrites("delete", "/authors/2", { status: 200 });
    const submitted = await admin.remove("2");
    expect(writes).toEqual([{ method: "DELETE", path: "/api/authors/2", authorization: "Bearer token-role-3", contentType: "" }]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menghapus data!" }]);

    recordWrites("delete", "/authors/1", { status: 409, body: { error: "Pengarang masih memiliki 2 buku di katalog" } });
    const refused = await admin.remove("1");
    expect(await admin.alertAfter(refused)).toEqual([{ type: "error", message: "Gagal menghapus data!" }]);
  });
});
