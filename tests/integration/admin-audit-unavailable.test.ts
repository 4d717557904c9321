import { mkdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as auditRoute from "~/routes/admin.audit";
import * as exportRoute from "~/routes/admin.export.$screen";
import * as libraryRoute from "~/routes/admin.library";
import { request } from "../helpers/sessions";
import { adminCookie, alertAfter, recordWrites, serveList, submit } from "./admin-screen-support";

/** An audit log that cannot be opened (here: a folder where its file should be) costs the admin nothing. */

beforeAll(() => {
  mkdirSync(path.join(process.env.DATA_DIR!, "audit.sqlite"), { recursive: true });
});

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
  serveList("/bibliographies/admin/library", [
    { id: 11, name: "Perpustakaan Desa Sukamaju", address: "Jl. Desa 1", phone_number: "0812345678", about: "Taman bacaan", active: true },
  ]);
});

describe("when the audit log cannot be written", () => {
  it("the admin's changes still go through with their usual answers", async () => {
    const deletes = recordWrites("delete", "/company/11", { status: 200 });
    const puts = recordWrites("put", "/bibliographies/admin/library", { status: 200 });
    const toggled = await submit(libraryRoute, "/admin/library", cookie, new URLSearchParams({ intent: "toggle", id: "11", on: "false" }), {
      "Sec-Fetch-Mode": "cors",
    });
    expect(toggled).toEqual({ kind: "data", status: 200, data: { toggled: { id: "11", on: false } } });
    const deleted = await submit(libraryRoute, "/admin/library?delete=11", cookie, new URLSearchParams({ intent: "delete", id: "11" }));
    expect(await alertAfter(libraryRoute, deleted, cookie)).toEqual([{ type: "success", message: "Berhasil menghapus data!" }]);
    expect(puts).toHaveLength(1);
    expect(deletes).toHaveLength(1);
  });

  it("/admin/audit says it could not load, and its export sends the admin back there", async () => {
    const screen = (await auditRoute.loader({ request: request("/admin/audit", { cookie }), params: {}, context: { clientIp: "x" } })) as {
      data: { rows: unknown[]; alerts: Array<{ message: string }> };
    };
    expect(screen.data.rows).toEqual([]);
    expect(screen.data.alerts.map((alert) => alert.message)).toEqual(["Gagal mendapatkan data!"]);
    const exported = (await exportRoute.loader({
      request: request("/admin/export/audit", { cookie }),
      params: { screen: "audit" },
      context: { clientIp: "x" },
    })) as Response;
    expect(exported.status).toBe(302);
    expect(exported.headers.get("Location")).toBe("/admin/audit");
  });
});
