import { http, HttpResponse } from "msw";
import { getConfig } from "@server/config.server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import {
  adminScreen,
  fakeImage,
  fieldErrors,
  imageFile,
  noFile,
  PNG_BYTES,
  recordAllRequests,
  recordWrites,
  serveList,
  uploadedPng,
} from "./admin-screen-support";

/** /admin/slider-manager against a mocked upstream: what is sent, and what the admin is told. */

const SLIDERS = [
  {
    id: 7,
    title: "LAYANAN BARU",
    description: "Perpustakaan keliling kini hadir setiap hari Sabtu di seluruh kecamatan kabupaten.",
    url: "https://dispusip.example/layanan",
    file: "slide-7.png",
  },
  { id: 8, title: "JAM BUKA", description: "Senin-Jumat", url: null, file: "" },
];

const admin = adminScreen(route, "/admin/slider-manager");
beforeEach(async () => {
  serveList("/sliders", SLIDERS);
});

describe("slider list", () => {
  it("shows Judul, Deskripsi (cut to 50 characters), URL and the image through /files", async () => {
    const calls = recordAllRequests();
    const { screen } = await admin.load("/admin/slider-manager");
    expect(screen.alerts).toEqual([]);
    // Newest first: the highest id on top.
    expect(screen.rows[1]).toMatchObject({
      id: "7",
      cells: {
        title: "LAYANAN BARU",
        description: "Perpustakaan keliling kini hadir setiap hari Sabtu...",
        url: "https://dispusip.example/layanan",
        file: "/files/slide-7.png",
      },
      values: { title: "LAYANAN BARU", description: SLIDERS[0].description, url: "https://dispusip.example/layanan" },
      files: { file: "/files/slide-7.png" },
    });
    expect(screen.rows[1].cells.description).toHaveLength(53);
    expect(screen.rows[0].cells).toEqual({ title: "JAM BUKA", description: "Senin-Jumat", url: "", file: null });
    expect(calls).toEqual([{ method: "GET", path: "/api/sliders" }]);
  });

  it("says where the sliders show: nowhere on the public site unless the home slider is set to read them", async () => {
    const { screen } = await admin.load("/admin/slider-manager");
    expect(screen.placement.text).toMatch(/^Tidak tampil di situs publik saat ini: slider beranda menampilkan data Banner\./);
    expect(screen.placement.publicPath).toBeUndefined();
    const site = getConfig().site;
    site.homeSliderSource = "slider";
    try {
      const { screen: readByHome } = await admin.load("/admin/slider-manager");
      expect(readByHome.placement).toEqual({ text: "Tampil di slider beranda situs.", publicPath: "/" });
    } finally {
      site.homeSliderSource = "banner";
    }
  });

  it("says 'Gagal mendapatkan data!' when the list cannot be loaded", async () => {
    upstream.use(http.get(`${UPSTREAM}/sliders`, () => HttpResponse.json({ error: "rusak" }, { status: 500 })));
    const { screen } = await admin.load("/admin/slider-manager");
    expect(screen.rows).toEqual([]);
    expect(screen.alerts.map(({ type, message }) => ({ type, message }))).toEqual([{ type: "error", message: "Gagal mendapatkan data!" }]);
  });
});

describe("adding a slider", () => {
  it("streams a multipart POST /sliders with the title upper-cased and the image, with the bearer token", async () => {
    const writes = recordWrites("post", "/sliders", { status: 201, body: { data: { id: 9 } } });
    const submitted = await admin.add([
      ["title", "  pameran buku  "],
      ["description", "Pameran buku tahunan"],
      ["url", "/activity/3"],
      ["file", imageFile("pameran.png")],
    ]);
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/slider-manager" });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: "POST", path: "/api/sliders", authorization: "Bearer token-role-3" });
    expect(writes[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(writes[0].fields).toEqual([
      ["title", "PAMERAN BUKU"],
      ["description", "Pameran buku tahunan"],
      ["url", "/activity/3"],
      ["file", uploadedPng("pameran.png")],
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menambahkan data!" }]);
  });

  it("rejects a missing title next to the field, keeps the other values, and sends nothing", async () => {
    const submitted = await admin.refuses("/admin/slider-manager?modal=add", [
      ["intent", "create"],
      ["title", "   "],
      ["description", "Tetap di formulir"],
      ["url", ""],
      ["file", imageFile()],
    ]);
    expect(submitted).toMatchObject({ kind: "data", status: 400 });
    expect(fieldErrors(submitted)).toEqual({ title: ["Judul wajib diisi"] });
    if (submitted.kind === "data") expect(submitted.data.result?.initialValue).toMatchObject({ description: "Tetap di formulir" });
  });

  it("requires an image for a new slider", async () => {
    const submitted = await admin.refuses("/admin/slider-manager?modal=add", [["intent", "create"], ["title", "Tanpa gambar"], ["file", noFile()]]);
    expect(fieldErrors(submitted)).toEqual({ file: ["Gambar wajib diunggah"] });
  });

  it("refuses a file that only claims to be an image, by its bytes, before calling the upstream", async () => {
    const submitted = await admin.refuses("/admin/slider-manager?modal=add", [["intent", "create"], ["title", "Judul"], ["file", fakeImage()]]);
    expect(fieldErrors(submitted)).toEqual({ file: ["Berkas harus berupa gambar JPEG, PNG, WebP, atau GIF"] });
  });

  it("says 'Gagal menambahkan data!' and keeps the form when the upstream refuses", async () => {
    recordWrites("post", "/sliders", { status: 500, body: { error: "Terjadi kesalahan pada server" } });
    const submitted = await admin.add([["title", "Judul"], ["file", imageFile()]]);
    expect(submitted).toMatchObject({ kind: "data", status: 502, data: { alert: { type: "error", message: "Gagal menambahkan data!" } } });
    if (submitted.kind === "data") expect(submitted.data.result?.initialValue).toMatchObject({ title: "Judul" });
  });
});

describe("upload size limit", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("answers an image over UPLOAD_IMAGE_MAX_BYTES with an Indonesian message next to the field", async () => {
    vi.stubEnv("UPLOAD_IMAGE_MAX_BYTES", String(1024 * 1024));
    const big = new Uint8Array(1536 * 1024);
    big.set(PNG_BYTES);
    const writes = recordWrites("post", "/sliders", { status: 201 });
    const submitted = await admin.add([["title", "Terlalu besar"], ["file", new File([big], "besar.png", { type: "image/png" })]]);
    expect(submitted).toMatchObject({ kind: "data", status: 413 });
    expect(fieldErrors(submitted)).toEqual({ file: ["Ukuran berkas melebihi batas 1 MB"] });
    if (submitted.kind === "data") expect(submitted.data.result?.initialValue).toMatchObject({ title: "Terlalu besar" });
    // The upstream request was aborted mid-way: nothing complete ever reached a handler.
    expect(writes).toEqual([]);
  });
});

describe("editing a slider", () => {
  it("sends PUT /sliders multipart with the id, the upper-cased title and the new image", async () => {
    const writes = recordWrites("put", "/sliders", { status: 200, body: { data: { id: 7 } } });
    const submitted = await admin.edit("7", [
      ["title", "Layanan baru sekali"],
      ["description", ""],
      ["url", "https://dispusip.example/baru"],
      ["file", imageFile("baru.png")],
    ]);
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/slider-manager" });
    expect(writes[0]).toMatchObject({ method: "PUT", path: "/api/sliders", authorization: "Bearer token-role-3" });
    expect(writes[0].fields).toEqual([
      ["id", "7"],
      ["title", "LAYANAN BARU SEKALI"],
      ["description", ""],
      ["url", "https://dispusip.example/baru"],
      ["file", uploadedPng("baru.png")],
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);
  });

  it("keeps the stored image when no new file is chosen (no file part is sent)", async () => {
    const writes = recordWrites("put", "/sliders", { status: 200 });
    await admin.edit("7", [["title", "Judul"], ["file", noFile()]], "&page=2");
    expect(writes[0].fields?.map(([name]) => name)).toEqual(["id", "title", "description", "url"]);
  });

  it("says 'Gagal mengubah data!' when the upstream fails", async () => {
    recordWrites("put", "/sliders", { status: 404, body: { error: "Data tidak ditemukan" } });
    const submitted = await admin.edit("7", [["title", "Judul"]]);
    expect(submitted).toMatchObject({ kind: "data", data: { alert: { type: "error", message: "Gagal mengubah data!" } } });
  });
});

describe("deleting a slider", () => {
  it("sends DELETE /sliders/{id} only on confirmation and says 'Berhasil menghapus data!'", async () => {
    const writes = recordWrites("delete", "/sliders/7", { status: 200, body: { message: "Data berhasil dihapus" } });
    const submitted = await admin.remove("7");
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/slider-manager" });
    expect(writes).toEqual([{ method: "DELETE", path: "/api/sliders/7", authorization: "Bearer token-role-3", contentType: "" }]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menghapus data!" }]);
  });

  it("reports a failed delete with the spec's 'Gagal mendapatkan data!'", async () => {
    recordWrites("delete", "/sliders/7", { status: 500 });
    const submitted = await admin.remove("7");
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "error", message: "Gagal mendapatkan data!" }]);
  });

  it("keeps the page of the list it came from", async () => {
    recordWrites("delete", "/sliders/8", { status: 200 });
    const submitted = await admin.remove("8", "&page=2");
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/slider-manager?page=2" });
  });
});
