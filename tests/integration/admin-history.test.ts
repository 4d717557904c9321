import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminScreen, imageFile, PNG_SIGNATURE, recordAllRequests, recordWrites, serveList } from "./admin-screen-support";

/** /admin/history: edit only, PUT /histories multipart with the title upper-cased. */

const admin = adminScreen(route, "/admin/history");
beforeEach(async () => {
  serveList("/histories", [{ id: 1, title: "SEJARAH DINAS", description: "<p>Didirikan pada tahun 1985.</p>", file: "" }]);
});

describe("history", () => {
  it("shows the first record; it can be edited but not added or deleted", async () => {
    const { screen } = await admin.load("/admin/history");
    expect(screen.rows[0].cells).toEqual({ title: "SEJARAH DINAS", description: "Didirikan pada tahun 1985.", file: null });
    const calls = recordAllRequests();
    expect(await admin.add([["title", "x"]])).toMatchObject({ status: 400 });
    expect(await admin.remove("1")).toMatchObject({ status: 400 });
    expect(calls).toEqual([]);
  });

  it("PUTs id, the upper-cased title, the description and the new image", async () => {
    const writes = recordWrites("put", "/histories", { status: 200 });
    const submitted = await admin.edit("1", [
      ["title", "Sejarah singkat"],
      ["description", "<p>Sejak 1985.</p>"],
      ["file", imageFile("gedung.png")],
    ]);
    expect(writes[0]).toMatchObject({ method: "PUT", path: "/api/histories", authorization: "Bearer token-role-3" });
    expect(writes[0].fields).toEqual([
      ["id", "1"],
      ["title", "SEJARAH SINGKAT"],
      ["description", "<p>Sejak 1985.</p>"],
      ["file", expect.objectContaining({ filename: "gedung.png", head: PNG_SIGNATURE })],
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);
  });

  it("an edit of the description alone sends the stored title upper-cased (spec §5), not joined where a one-line field drops its line break", async () => {
    const writes = recordWrites("put", "/histories", { status: 200 });
    for (const title of ["sejarah  dinas\tlama ", "Sejarah\nDinas"]) {
      serveList("/histories", [{ id: 1, title, description: "<p>Lama.</p>", file: "" }]);
      // What a browser sends back of the title it was shown: a text field holds no line break.
      await admin.edit("1", [["title", title.replace(/\n/g, "")], ["description", "<p>Baru.</p>"]]);
    }
    // The stored title through the title's rule (spec §5: upper case before sending; its ends trimmed), its inner spacing and line break kept.
    expect(writes.map((write) => write.fields?.slice(1, 3))).toEqual([
      [["title", "SEJARAH  DINAS\tLAMA"], ["description", "<p>Baru.</p>"]],
      [["title", "SEJARAH\nDINAS"], ["description", "<p>Baru.</p>"]],
    ]);
  });

  it("says 'Gagal mengubah data!' and 'Gagal mendapatkan data!' on failures", async () => {
    recordWrites("put", "/histories", { status: 500 });
    expect(await admin.edit("1", [["title", "x"]])).toMatchObject({
      data: { alert: { message: "Gagal mengubah data!" } },
    });
    upstream.use(http.get(`${UPSTREAM}/histories`, () => HttpResponse.text("<html>bukan json</html>")));
    expect((await admin.load("/admin/history")).screen.alerts.map((alert) => alert.message)).toEqual(["Gagal mendapatkan data!"]);
  });
});
