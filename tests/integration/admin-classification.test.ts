import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { classificationScreen } from "~/resources/classifications/classifications";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { readQueries, servePagedList, type ListQuery } from "./admin-catalogue-support";
import { adminScreen, fieldErrors, recordWrites } from "./admin-screen-support";

/** /admin/classification (Klasifikasi): JSON writes of {notation, general_name}, the generic messages. */

const admin = adminScreen(route, "/admin/classification");
let listQueries: ListQuery[];
beforeEach(async () => {
  listQueries = servePagedList("/classifications", "data", 2, (id) => ({ id, notation: `${id}00`, general_name: `Kelas ${id}` }));
});

describe("classification screen", () => {
  it("lists Notasi and Nama Umum, newest first, with the token", async () => {
    const { screen } = await admin.load("/admin/classification");
    expect(listQueries).toEqual(readQueries(2));
    expect(screen.rows.map(({ id, cells, values }) => ({ id, cells, values }))).toEqual([
      { id: "2", cells: { notation: "200", general_name: "Kelas 2" }, values: { notation: "200", general_name: "Kelas 2" } },
      { id: "1", cells: { notation: "100", general_name: "Kelas 1" }, values: { notation: "100", general_name: "Kelas 1" } },
    ]);
  });

  it("says 'Gagal mendapatkan data!' when the list fails", async () => {
    upstream.use(http.get(`${UPSTREAM}/classifications`, () => HttpResponse.json({ error: "rusak" }, { status: 503 })));
    const { screen } = await admin.load("/admin/classification");
    expect(screen.alerts.map((alert) => alert.message)).toEqual(["Gagal mendapatkan data!"]);
  });

  it("adds with a JSON POST {notation, general_name}", async () => {
    const writes = recordWrites("post", "/classifications", { status: 201 });
    const submitted = await admin.add([["notation", "899.221"], ["general_name", "Sastra Indonesia"]]);
    expect(writes).toEqual([
      {
        method: "POST",
        path: "/api/classifications",
        authorization: "Bearer token-role-3",
        contentType: "application/json",
        json: { notation: "899.221", general_name: "Sastra Indonesia" },
      },
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menambahkan data!" }]);
  });

  it("refuses missing fields in Indonesian, sending nothing", async () => {
    const submitted = await admin.refuses("/admin/classification?modal=add", [["intent", "create"]]);
    expect(fieldErrors(submitted)).toEqual({ notation: ["Notasi wajib diisi"], general_name: ["Nama umum wajib diisi"] });
  });

  it("edits with a JSON PUT {id, notation, general_name}", async () => {
    const writes = recordWrites("put", "/classifications", { status: 200 });
    const submitted = await admin.edit("2", [["notation", "200"], ["general_name", "Agama"]]);
    expect(writes[0]).toMatchObject({ method: "PUT", path: "/api/classifications", authorization: "Bearer token-role-3" });
    expect(writes[0].json).toEqual({ id: 2, notation: "200", general_name: "Agama" });
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);
  });

  it("tells the admin when a write fails (the spec only logs it)", async () => {
    recordWrites("post", "/classifications", { status: 500 });
    recordWrites("put", "/classifications", { status: 500 });
    const fields = [
      ["notation", "1"],
      ["general_name", "X"],
    ] as Array<[string, string]>;
    const created = await admin.add([...fields]);
    expect(created).toMatchObject({ kind: "data", data: { alert: { message: "Gagal menambahkan data!" } } });
    const updated = await admin.edit("1", [...fields]);
    expect(updated).toMatchObject({ kind: "data", data: { alert: { message: "Gagal mengubah data!" } } });
  });

  it("asks 'Are you sure you want to delete this classification?' and deletes; a refused delete says 'Gagal menghapus data!'", async () => {
    expect(classificationScreen.texts.deleteQuestion).toBe("Are you sure you want to delete this classification?");
    const writes = recordWrites("delete", "/classifications/1", { status: 200 });
    const submitted = await admin.remove("1");
    expect(writes).toEqual([{ method: "DELETE", path: "/api/classifications/1", authorization: "Bearer token-role-3", contentType: "" }]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menghapus data!" }]);

    // Still used by books: the reference API answers 409.
    recordWrites("delete", "/classifications/2", { status: 409, body: { error: "Klasifikasi masih dipakai oleh 3 buku" } });
    const refused = await admin.remove("2");
    expect(await admin.alertAfter(refused)).toEqual([{ type: "error", message: "Gagal menghapus data!" }]);
  });
});
