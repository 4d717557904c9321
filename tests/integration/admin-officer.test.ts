import { beforeEach, describe, expect, it } from "vitest";
import * as route from "~/routes/admin-screen";
import { adminScreen, fieldErrors, imageFile, noFile, recordWrites, serveList } from "./admin-screen-support";

/** /admin/officer: name, position, additional_text and photo; failures the spec only logs are shown too. */

const admin = adminScreen(route, "/admin/officer");
beforeEach(async () => {
  serveList("/officers", [{ id: 4, name: "Drs. Ahmad", position: "Kepala Dinas", additional_text: "NIP 1970", file: "ahmad.jpg" }]);
});

describe("officers", () => {
  it("lists name, position, additional text and photo", async () => {
    const { screen } = await admin.load("/admin/officer");
    expect(screen.rows[0]).toMatchObject({
      id: "4",
      cells: { name: "Drs. Ahmad", position: "Kepala Dinas", additional_text: "NIP 1970", file: "/files/ahmad.jpg" },
    });
  });

  it("adds with multipart POST /officers and says 'Berhasil menambah pejabat!'", async () => {
    const writes = recordWrites("post", "/officers", { status: 201 });
    const submitted = await admin.add([
      ["name", "Siti Aminah, S.Sos"],
      ["position", "Sekretaris"],
      ["additional_text", "NIP 1980"],
      ["file", imageFile("siti.png")],
    ]);
    expect(writes[0]).toMatchObject({ method: "POST", path: "/api/officers", authorization: "Bearer token-role-3" });
    expect(writes[0].fields?.map(([name, value]) => [name, typeof value === "string" ? value : value.filename])).toEqual([
      ["name", "Siti Aminah, S.Sos"],
      ["position", "Sekretaris"],
      ["additional_text", "NIP 1980"],
      ["file", "siti.png"],
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menambah pejabat!" }]);
  });

  it("says 'Gagal menambah pejabat!' when the upstream refuses, and checks required fields", async () => {
    recordWrites("post", "/officers", { status: 500 });
    expect(await admin.add([["name", "A"], ["position", "B"]])).toMatchObject({
      data: { alert: { message: "Gagal menambah pejabat!" } },
    });
    expect(fieldErrors(await admin.add([["name", ""], ["position", ""]]))).toEqual({
      name: ["Nama wajib diisi"],
      position: ["Jabatan wajib diisi"],
    });
  });

  it("updates with PUT /officers adding the id; failures the spec only logs still tell the admin", async () => {
    const writes = recordWrites("put", "/officers", { status: 200 });
    const updated = await admin.edit("4", [["name", "Drs. Ahmad, M.Si"], ["position", "Kepala Dinas"], ["additional_text", ""], ["file", noFile()]]);
    expect(writes[0].fields).toEqual([
      ["id", "4"],
      ["name", "Drs. Ahmad, M.Si"],
      ["position", "Kepala Dinas"],
      ["additional_text", ""],
    ]);
    expect(await admin.alertAfter(updated)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);

    recordWrites("put", "/officers", { status: 500 });
    expect(await admin.edit("4", [["name", "A"], ["position", "B"]])).toMatchObject({
      data: { alert: { message: "Gagal mengubah data!" } },
    });
  });

  it("deletes with DELETE /officers/{id}; a failure shows 'Gagal menghapus data!'", async () => {
    const writes = recordWrites("delete", "/officers/4", { status: 200 });
    const deleted = await admin.remove("4");
    expect(writes.map(({ method, path }) => `${method} ${path}`)).toEqual(["DELETE /api/officers/4"]);
    expect(await admin.alertAfter(deleted)).toEqual([{ type: "success", message: "Berhasil menghapus data!" }]);
    recordWrites("delete", "/officers/5", { status: 500 });
    const failed = await admin.remove("5");
    expect(await admin.alertAfter(failed)).toEqual([{ type: "error", message: "Gagal menghapus data!" }]);
  });
});
