import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import type { UpstreamClient, UpstreamRequest } from "~/platform/upstream.server";
import { libraryAdapter } from "~/resources/libraries/libraries.server";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminScreen, recordWrites, serveList } from "./admin-screen-support";

/**
 * /admin/library against the panel service. In tests PANEL_API_URL is unset, so the panel is the
 * main upstream's origin (config.server.ts), and the calls land on the same mock.
 */

const LIBRARIES = [
  { id: 11, name: "Perpustakaan Desa Sukamaju", address: "Jl. Desa 1", phone_number: "0812345678", about: "Taman bacaan", active: true },
  { id: 12, name: "Pojok Baca Kecamatan", address: "", phone_number: null, about: "", active: false },
];

const admin = adminScreen(route, "/admin/library");
beforeEach(async () => {
  serveList("/bibliographies/admin/library", LIBRARIES);
});

const toggle = (id: string, on: boolean, headers: Record<string, string> = {}) =>
  admin.submit("/admin/library", new URLSearchParams({ intent: "toggle", id, on: String(on) }), headers);

describe("libraries", () => {
  it("lists from the panel service with the active flag, newest first", async () => {
    const { screen } = await admin.load("/admin/library");
    expect(screen.rows.map((row) => row.cells)).toEqual([
      { name: "Pojok Baca Kecamatan", address: "", phone_number: "", about: "", active: false },
      { name: "Perpustakaan Desa Sukamaju", address: "Jl. Desa 1", phone_number: "0812345678", about: "Taman bacaan", active: true },
    ]);
  });

  it("the switch sends the full record with active changed, and (with JavaScript) updates the row in place", async () => {
    const writes = recordWrites("put", "/bibliographies/admin/library", { status: 200 });
    const submitted = await toggle("11", false, { "Sec-Fetch-Mode": "cors" });
    expect(writes).toEqual([
      {
        method: "PUT",
        path: "/api/bibliographies/admin/library",
        authorization: "Bearer token-role-3",
        contentType: "application/json",
        json: { id: 11, name: "Perpustakaan Desa Sukamaju", address: "Jl. Desa 1", phone_number: "0812345678", about: "Taman bacaan", active: false },
      },
    ]);
    expect(submitted).toMatchObject({ kind: "data", status: 200, data: { toggled: { id: "11", on: false }, alert: { type: "success", message: "Berhasil mengubah data!" } } });
  });

  it("without JavaScript the switch posts and the list comes back saying so (a redirect, 'Berhasil mengubah data!')", async () => {
    const writes = recordWrites("put", "/bibliographies/admin/library", { status: 200 });
    const submitted = await toggle("12", true, { "Sec-Fetch-Mode": "navigate" });
    expect(writes[0].json).toMatchObject({ id: 12, active: true });
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);
  });

  it("a failed switch is told to the admin ('Gagal mengubah data!'), never only logged", async () => {
    recordWrites("put", "/bibliographies/admin/library", { status: 500 });
    expect(await toggle("11", false, { "Sec-Fetch-Mode": "cors" })).toMatchObject({ kind: "data", status: 502, data: { alert: { type: "error", message: "Gagal mengubah data!" } } });
    const document = await toggle("11", false);
    expect(await admin.alertAfter(document)).toEqual([{ type: "error", message: "Gagal mengubah data!" }]);
  });

  it("a switch for a library that is gone fails without writing", async () => {
    const writes = recordWrites("put", "/bibliographies/admin/library", { status: 200 });
    expect(await toggle("99", true, { "Sec-Fetch-Mode": "cors" })).toMatchObject({ data: { alert: { message: "Gagal mengubah data!" } } });
    expect(writes).toEqual([]);
  });

  it("refuses a switch whose state is neither true nor false, writing nothing", async () => {
    const writes = recordWrites("put", "/bibliographies/admin/library", { status: 200 });
    for (const on of ["banana", "", "TRUE", "1"]) {
      const submitted = await admin.submit("/admin/library", new URLSearchParams({ intent: "toggle", id: "11", on }), { "Sec-Fetch-Mode": "cors" });
      expect(submitted).toMatchObject({ kind: "data", status: 400, data: { alert: { message: expect.stringMatching(/^Permintaan tidak valid/) } } });
    }
    expect(await admin.submit("/admin/library", new URLSearchParams({ intent: "toggle", id: "11" }), { "Sec-Fetch-Mode": "cors" })).toMatchObject({ status: 400 });
    expect(writes).toEqual([]);
  });

  it("a switch to the state the library already has (another tool switched it) writes nothing, and says it is so", async () => {
    const writes = recordWrites("put", "/bibliographies/admin/library", { status: 200 });
    expect(await toggle("11", true, { "Sec-Fetch-Mode": "cors" })).toMatchObject({ kind: "data", status: 200, data: { toggled: { id: "11", on: true } } });
    expect(writes).toEqual([]);
  });

  it("the edit form sends every field, keeping the stored active flag", async () => {
    const writes = recordWrites("put", "/bibliographies/admin/library", { status: 200 });
    const submitted = await admin.submit(
      "/admin/library?modal=edit&id=12",
      new URLSearchParams({ intent: "update", id: "12", name: "Pojok Baca", address: "Jl. Camat 3", phone_number: "", about: "Buka sore" }),
    );
    expect(writes[0].json).toEqual({ id: 12, name: "Pojok Baca", address: "Jl. Camat 3", phone_number: "", about: "Buka sore", active: false });
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);
  });

  it("sends back as stored what the admin did not change: a flag an older tool wrote as \"yes\", a null", async () => {
    const legacy = [
      { id: 7, name: "Taman Baca Lama", address: null, phone_number: "0812", about: "Dari SLiMS", active: "yes" },
      { id: 8, name: "Pojok Baca Pasar", address: "Pasar Baru", phone_number: null, about: "", active: "0" },
    ];
    serveList("/bibliographies/admin/library", legacy);
    const { screen } = await admin.load("/admin/library");
    expect(screen.rows.map((row) => [row.id, row.cells.active])).toEqual([["8", false], ["7", true]]);
    const writes = recordWrites("put", "/bibliographies/admin/library", { status: 200 });
    await admin.submit("/admin/library?modal=edit&id=7", new URLSearchParams({ intent: "update", id: "7", name: "Taman Baca Lama", address: "Jl. Baru 1", phone_number: "0812", about: "Dari SLiMS" }));
    await toggle("8", true, { "Sec-Fetch-Mode": "cors" });
    expect(writes.map((write) => write.json)).toEqual([
      { id: 7, name: "Taman Baca Lama", address: "Jl. Baru 1", phone_number: "0812", about: "Dari SLiMS", active: "yes" },
      { id: 8, name: "Pojok Baca Pasar", address: "Pasar Baru", phone_number: null, about: "", active: true },
    ]);
  });

  it("deletes with DELETE /company/{id} on the panel service", async () => {
    const writes = recordWrites("delete", "/company/12", { status: 200 });
    const submitted = await admin.remove("12");
    expect(writes.map(({ method, path, authorization }) => [method, path, authorization])).toEqual([["DELETE", "/api/company/12", "Bearer token-role-3"]]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menghapus data!" }]);
  });

  it("has no create (the contract has none) and reports a failed load", async () => {
    expect(await admin.submit("/admin/library?modal=add", new URLSearchParams({ intent: "create", name: "Baru" }))).toMatchObject({ status: 400 });
    upstream.use(http.get(`${UPSTREAM}/bibliographies/admin/library`, () => HttpResponse.json({ error: "x" }, { status: 500 })));
    expect((await admin.load("/admin/library")).screen.alerts.map((alert) => alert.message)).toEqual(["Gagal mendapatkan data!"]);
  });
});

describe("the panel service", () => {
  it("serves every library call (list, switch, edit, delete)", async () => {
    const requests: UpstreamRequest[] = [];
    const panelOnly: UpstreamClient = {
      async call(schema, upstreamRequest) {
        requests.push(upstreamRequest);
        return schema.parse(upstreamRequest.method ? {} : { data: LIBRARIES });
      },
      fetch: () => Promise.reject(new Error("not used")),
    };
    const [stored] = await libraryAdapter.list(panelOnly, undefined);
    await libraryAdapter.toggle!(panelOnly, stored, false);
    expect(requests.map((upstreamRequest) => upstreamRequest.service)).toEqual(["panel", "panel"]);
    expect(libraryAdapter.service).toBe("panel");
    expect(libraryAdapter.removePath!("12")).toBe("/company/12");
  });
});
