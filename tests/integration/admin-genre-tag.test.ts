import { existsSync } from "node:fs";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { genreScreen } from "~/resources/genres/genres";
import { tagScreen } from "~/resources/tags/tags";
import * as screenRoute from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { readQueries, servePagedList, type ListQuery } from "./admin-catalogue-support";
import { adminCookie, alertAfter, fieldErrors, form, load, recordAllRequests, recordWrites, submit } from "./admin-screen-support";

/** /admin/genre (Kategori) and /admin/tag: JSON writes of the name, the cover or a placeholder, the generic messages. */

const screens = [
  { name: "genre", route: screenRoute, screenPath: "/admin/genre", path: "/genres", definition: genreScreen, question: "Are you sure you want to delete this genre?" },
  { name: "tag", route: screenRoute, screenPath: "/admin/tag", path: "/tags", definition: tagScreen, question: "Are you sure you want to delete this tag?" },
];

describe.each(screens)("$name screen", ({ route, screenPath, path, definition, question }) => {
  let cookie: string;
  let listQueries: ListQuery[];
  beforeEach(async () => {
    cookie = await adminCookie();
    listQueries = servePagedList(path, "data", 2, (id) => ({ id, name: `Nama ${id}`, cover: id === 1 ? "sampul-1.png" : null }));
  });

  it("reads the whole list in pages (not the original limit) with the token, newest first; the cover through /covers, else the placeholder", async () => {
    const { screen } = await load(route, screenPath, cookie);
    expect(listQueries).toEqual(readQueries(2));
    expect(screen.rows.map(({ id, cells, values }) => ({ id, cells, values }))).toEqual([
      { id: "2", cells: { name: "Nama 2", cover: "/images/cover-placeholder.svg" }, values: { name: "Nama 2" } },
      { id: "1", cells: { name: "Nama 1", cover: "/covers/sampul-1.png" }, values: { name: "Nama 1" } },
    ]);
    expect(existsSync(new URL("../../public/images/cover-placeholder.svg", import.meta.url))).toBe(true);
  });

  it("says 'Gagal mendapatkan data!' when the list fails (the spec only logs it)", async () => {
    upstream.use(http.get(`${UPSTREAM}${path}`, () => HttpResponse.error()));
    const { screen } = await load(route, screenPath, cookie);
    expect(screen.alerts.map(({ type, message }) => ({ type, message }))).toEqual([{ type: "error", message: "Gagal mendapatkan data!" }]);
  });

  it("adds with a JSON POST {name} and says 'Berhasil menambahkan data!'", async () => {
    const writes = recordWrites("post", path, { status: 201, body: { data: { id: 3 } } });
    const submitted = await submit(route, `${screenPath}?modal=add`, cookie, form([["intent", "create"], ["name", "  Sejarah lokal "]]));
    expect(writes).toEqual([
      { method: "POST", path: `/api${path}`, authorization: "Bearer token-role-3", contentType: "application/json", json: { name: "Sejarah lokal" } },
    ]);
    expect(await alertAfter(route, submitted, cookie)).toEqual([{ type: "success", message: "Berhasil menambahkan data!" }]);
  });

  it("refuses an empty name next to the field, sending nothing", async () => {
    const calls = recordAllRequests();
    const submitted = await submit(route, `${screenPath}?modal=add`, cookie, form([["intent", "create"], ["name", ""]]));
    expect(fieldErrors(submitted)).toEqual({ name: ["Nama wajib diisi"] });
    expect(calls).toEqual([]);
  });

  it("says 'Gagal menambahkan data!' when the upstream refuses", async () => {
    recordWrites("post", path, { status: 400, body: { error: "Nama wajib diisi" } });
    const submitted = await submit(route, `${screenPath}?modal=add`, cookie, form([["intent", "create"], ["name", "X"]]));
    expect(submitted).toMatchObject({ kind: "data", status: 422, data: { alert: { type: "error", message: "Gagal menambahkan data!" } } });
  });

  it("edits with a JSON PUT {id, name} (a numeric id) and says 'Berhasil mengubah data!'", async () => {
    const writes = recordWrites("put", path, { status: 200 });
    const submitted = await submit(route, `${screenPath}?modal=edit&id=2&page=3`, cookie, form([["intent", "update"], ["id", "2"], ["name", "Nama baru"]]));
    expect(submitted).toMatchObject({ kind: "redirect", location: `${screenPath}?page=3` });
    expect(writes[0]).toMatchObject({ method: "PUT", path: `/api${path}`, authorization: "Bearer token-role-3", json: { id: 2, name: "Nama baru" } });
    expect(Object.keys(writes[0].json as object)).toEqual(["id", "name"]);
    expect(await alertAfter(route, submitted, cookie)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);
  });

  it("says 'Gagal mengubah data!' when the upstream fails", async () => {
    recordWrites("put", path, { status: 500 });
    const submitted = await submit(route, `${screenPath}?modal=edit&id=2`, cookie, form([["intent", "update"], ["id", "2"], ["name", "Nama"]]));
    expect(submitted).toMatchObject({ kind: "data", data: { alert: { type: "error", message: "Gagal mengubah data!" } } });
  });

  it(`asks '${question}' and deletes with DELETE ${path}/{id}`, async () => {
    expect(definition.texts.deleteQuestion).toBe(question);
    const writes = recordWrites("delete", `${path}/1`, { status: 200 });
    const submitted = await submit(route, `${screenPath}?delete=1`, cookie, new URLSearchParams({ intent: "delete", id: "1" }));
    expect(writes).toEqual([{ method: "DELETE", path: `/api${path}/1`, authorization: "Bearer token-role-3", contentType: "" }]);
    expect(await alertAfter(route, submitted, cookie)).toEqual([{ type: "success", message: "Berhasil menghapus data!" }]);
  });

  it("says 'Gagal menghapus data!' when the delete fails", async () => {
    recordWrites("delete", `${path}/1`, { status: 500 });
    const submitted = await submit(route, `${screenPath}?delete=1`, cookie, new URLSearchParams({ intent: "delete", id: "1" }));
    expect(await alertAfter(route, submitted, cookie)).toEqual([{ type: "error", message: "Gagal menghapus data!" }]);
  });
});
