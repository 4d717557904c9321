import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminScreen, fieldErrors, recordWrites, serveList } from "./admin-screen-support";

/** /admin/mission-vission: JSON writes to /mission-vision; `data` may be a list or one record. */

const admin = adminScreen(route, "/admin/mission-vission");
describe("mission and vision", () => {
  it("reads `data` as a list or as one record", async () => {
    serveList("/mission-vision", [{ id: 1, vision: "Terwujudnya masyarakat gemar membaca", mission: "1. Meningkatkan layanan" }]);
    expect((await admin.load("/admin/mission-vission")).screen.rows[0].cells).toEqual({
      vision: "Terwujudnya masyarakat gemar membaca",
      mission: "1. Meningkatkan layanan",
    });
    upstream.use(http.get(`${UPSTREAM}/mission-vision`, () => HttpResponse.json({ data: { id: 3, vision: "V", mission: "M" } })));
    expect((await admin.load("/admin/mission-vission")).screen.rows.map((row) => row.id)).toEqual(["3"]);
  });

  it("adds with POST /mission-vision as JSON", async () => {
    serveList("/mission-vision", []);
    const writes = recordWrites("post", "/mission-vision", { status: 201 });
    const submitted = await admin.submit(
      "/admin/mission-vission?modal=add",
      new URLSearchParams({ intent: "create", vision: "Visi", mission: "Misi" }),
    );
    expect(writes).toEqual([
      { method: "POST", path: "/api/mission-vision", authorization: "Bearer token-role-3", contentType: "application/json", json: { vision: "Visi", mission: "Misi" } },
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menambahkan data!" }]);
  });

  it("edits with PUT /mission-vision and a numeric id", async () => {
    serveList("/mission-vision", [{ id: 1, vision: "V", mission: "M" }]);
    const writes = recordWrites("put", "/mission-vision", { status: 200 });
    const submitted = await admin.submit(
      "/admin/mission-vission?modal=edit&id=1",
      new URLSearchParams({ intent: "update", id: "1", vision: "Visi baru", mission: "Misi baru" }),
    );
    expect(writes[0].json).toEqual({ id: 1, vision: "Visi baru", mission: "Misi baru" });
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);
  });

  it("requires both texts and reports failures with the spec's messages", async () => {
    serveList("/mission-vision", []);
    expect(fieldErrors(await admin.submit("/admin/mission-vission?modal=add", new URLSearchParams({ intent: "create", vision: "", mission: "" })))).toEqual({
      vision: ["Visi wajib diisi"],
      mission: ["Misi wajib diisi"],
    });
    recordWrites("post", "/mission-vision", { status: 500 });
    expect(await admin.submit("/admin/mission-vission?modal=add", new URLSearchParams({ intent: "create", vision: "V", mission: "M" }))).toMatchObject({
      data: { alert: { message: "Gagal menambahkan data!" } },
    });
    upstream.use(http.get(`${UPSTREAM}/mission-vision`, () => HttpResponse.json({ error: "x" }, { status: 503 })));
    expect((await admin.load("/admin/mission-vission")).screen.alerts.map((alert) => alert.message)).toEqual(["Gagal mendapatkan data!"]);
  });
});
