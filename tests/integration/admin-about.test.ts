import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminScreen, fieldErrors, imageFile, noFile, recordWrites, serveList } from "./admin-screen-support";

/** /admin/about-manager: the first record, every contact and social field, rich-text policies; no delete. */

const ABOUT = {
  id: 1,
  title: "Tentang Dinas",
  description: "<p>Dinas Perpustakaan dan Kearsipan melayani masyarakat sejak 1985 dengan koleksi lengkap.</p>",
  address: "Jl. Merdeka No. 1",
  phone: "(022) 123456",
  email: "info@dispusip.example",
  facebook: "dispusip",
  instagram: "dispusip.id",
  twitter: "dispusip",
  youtube: "dispusiptv",
  tiktok: "dispusip",
  terms_and_condition: "<p>Syarat</p>",
  privacy_policy: "<h2>Kebijakan</h2><p>Data Anda aman bersama kami dan tidak akan dibagikan kepada pihak ketiga.</p>",
  file: "tentang.jpg",
};

const ALL_FIELDS: Array<[string, string]> = [
  ["title", "Tentang Kami"],
  ["description", "<p>Deskripsi&nbsp;baru</p>"],
  ["address", "Jl. Asia Afrika 2"],
  ["phone", "+62 22 7654321"],
  ["email", "halo@dispusip.example"],
  ["facebook", "@dispusip.baru"],
  ["instagram", "dispusip_baru"],
  ["twitter", "dispusipbaru"],
  ["youtube", "dispusiptv"],
  ["tiktok", "dispusip"],
  ["privacy_policy", "<p>Privasi</p>"],
  ["terms_and_condition", "<p>Ketentuan</p>"],
];

const admin = adminScreen(route, "/admin/about-manager");
describe("about", () => {
  it("shows only the first record, with previews of the description and both policies", async () => {
    serveList("/abouts", [ABOUT, { ...ABOUT, id: 2, title: "Kedua" }]);
    const { screen } = await admin.load("/admin/about-manager");
    expect(screen.rows).toHaveLength(1);
    expect(screen.rows[0].cells).toEqual({
      title: "Tentang Dinas",
      description: "Dinas Perpustakaan dan Kearsipan melayani masyarak...",
      address: "Jl. Merdeka No. 1",
      phone: "(022) 123456",
      email: "info@dispusip.example",
      privacy_policy: "Kebijakan Data Anda aman bersama kami dan tidak ak...",
      terms_and_condition: "Syarat",
      file: "/files/tentang.jpg",
    });
    expect(screen.rows[0].values).toMatchObject({ facebook: "dispusip", privacy_policy: ABOUT.privacy_policy });
  });

  it("adds the record with every field as multipart POST /abouts", async () => {
    serveList("/abouts", []);
    const writes = recordWrites("post", "/abouts", { status: 201 });
    const submitted = await admin.add([...ALL_FIELDS, ["file", imageFile()]]);
    expect(writes[0]).toMatchObject({ method: "POST", path: "/api/abouts", authorization: "Bearer token-role-3" });
    expect(writes[0].fields?.slice(0, 12)).toEqual([
      ["title", "Tentang Kami"],
      ["description", "<p>Deskripsi baru</p>"],
      ["address", "Jl. Asia Afrika 2"],
      ["phone", "+62 22 7654321"],
      ["email", "halo@dispusip.example"],
      ["facebook", "dispusip.baru"],
      ["instagram", "dispusip_baru"],
      ["twitter", "dispusipbaru"],
      ["youtube", "dispusiptv"],
      ["tiktok", "dispusip"],
      ["privacy_policy", "<p>Privasi</p>"],
      ["terms_and_condition", "<p>Ketentuan</p>"],
    ]);
    expect(writes[0].fields?.[12]?.[0]).toBe("file");
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menambahkan data!" }]);
  });

  it("takes no second record (a stale tab's add form, a second admin's): 409 in Indonesian, nothing written", async () => {
    serveList("/abouts", [ABOUT]);
    const writes = recordWrites("post", "/abouts", { status: 201 });
    const submitted = await admin.add([...ALL_FIELDS, ["file", noFile()]]);
    expect(submitted).toMatchObject({ kind: "data", status: 409, data: { alert: { message: "Data ini sudah ada. Silakan muat ulang halaman untuk mengubahnya." } } });
    expect(writes).toEqual([]);
  });

  it("of two adds at once on an empty screen, one is written and the other refused", async () => {
    const stored: unknown[] = [];
    upstream.use(
      http.get(`${UPSTREAM}/abouts`, () => HttpResponse.json({ data: stored })),
      http.post(`${UPSTREAM}/abouts`, async () => {
        stored.push({ ...ABOUT, id: stored.length + 1 });
        return HttpResponse.json({ data: { id: stored.length } }, { status: 201 });
      }),
    );
    const answers = await Promise.all([admin.add([...ALL_FIELDS, ["file", noFile()]]), admin.add([...ALL_FIELDS, ["file", noFile()]])]);
    expect(stored).toHaveLength(1);
    expect(answers.map((answer) => (answer.kind === "redirect" ? 302 : answer.status)).sort()).toEqual([302, 409]);
  });

  it("edits with PUT /abouts and the id; says 'Gagal mengubah data!' on failure", async () => {
    serveList("/abouts", [ABOUT]);
    const writes = recordWrites("put", "/abouts", { status: 200 });
    const submitted = await admin.edit("1", [...ALL_FIELDS, ["file", noFile()]]);
    expect(writes[0].fields?.[0]).toEqual(["id", "1"]);
    expect(writes[0].fields).toHaveLength(13);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);

    recordWrites("put", "/abouts", { status: 500 });
    const failed = await admin.edit("1", [...ALL_FIELDS]);
    expect(failed).toMatchObject({ kind: "data", data: { alert: { type: "error", message: "Gagal mengubah data!" } } });
  });

  it("checks contact fields in Indonesian", async () => {
    serveList("/abouts", []);
    const submitted = await admin.add([["title", ""], ["email", "bukan-email"], ["phone", "telepon"], ["instagram", "https://instagram.com/x"]]);
    expect(fieldErrors(submitted)).toEqual({
      title: ["Judul wajib diisi"],
      email: ["Format email tidak valid"],
      phone: ["Telepon tidak valid"],
      instagram: ["Nama akun Instagram tidak valid"],
    });
  });

  it("has no delete", async () => {
    const submitted = await admin.remove("1");
    expect(submitted).toMatchObject({ kind: "data", status: 400 });
  });
});
