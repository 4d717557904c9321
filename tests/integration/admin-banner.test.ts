import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { listBanners } from "~/resources/banners/banners.server";
import { createUpstreamClient } from "~/platform/upstream.server";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { readQueries, servePagedList, type ListQuery } from "./admin-catalogue-support";
import { adminScreen, fakeImage, fieldErrors, imageFile, noFile, recordWrites, uploadedPng } from "./admin-screen-support";

/** /admin/banner against a mocked upstream: multipart writes with the image, and the spec's banner messages. */

const banner = (id: number) => ({
  id,
  title: `Banner ${id}`,
  description: "Layanan perpustakaan keliling kini menjangkau seluruh desa di kabupaten.",
  url: id % 2 ? "https://dispusip.example/layanan" : null,
  file: id % 2 ? `banner-${id}.png` : "",
});

const admin = adminScreen(route, "/admin/banner");
let listQueries: ListQuery[];
beforeEach(async () => {
  listQueries = servePagedList("/banners", "data", 3, banner);
});

describe("banner list", () => {
  it("reads the whole list with the bearer token and shows Judul, Deskripsi, URL and Gambar, newest first", async () => {
    const { screen } = await admin.load("/admin/banner");
    expect(listQueries).toEqual(readQueries(2));
    expect(screen.alerts).toEqual([]);
    expect(screen.paging).toEqual({ page: 1, hasMore: false, pageCount: 1, perPage: 20, view: "" });
    expect(screen.rows.map((row) => row.id)).toEqual(["3", "2", "1"]);
    // The home page's slider reads banners (HOME_SLIDER_SOURCE's default): the screen says so, with a link.
    expect(screen.placement).toEqual({ text: "Tampil di slider beranda situs dan di aplikasi mobile.", publicPath: "/" });
    expect(screen.rows[2]).toMatchObject({
      cells: {
        title: "Banner 1",
        description: "Layanan perpustakaan keliling kini menjangkau selu...",
        url: "https://dispusip.example/layanan",
        file: "/files/banner-1.png",
      },
      values: { title: "Banner 1", description: banner(1).description, url: "https://dispusip.example/layanan" },
      files: { file: "/files/banner-1.png" },
    });
    expect(screen.rows[1].cells).toMatchObject({ url: "", file: null });
  });

  it("says 'Gagal mendapatkan data!' when the list cannot be loaded", async () => {
    upstream.use(http.get(`${UPSTREAM}/banners`, () => HttpResponse.json({ error: "rusak" }, { status: 500 })));
    const { screen } = await admin.load("/admin/banner");
    expect(screen.rows).toEqual([]);
    expect(screen.alerts.map(({ type, message }) => ({ type, message }))).toEqual([{ type: "error", message: "Gagal mendapatkan data!" }]);
  });

  it("still gives the home page's slider every banner, unpaged", async () => {
    const banners = await listBanners(createUpstreamClient());
    expect(banners).toHaveLength(3);
    expect(listQueries).toEqual([{ page: null, limit: null, authorization: null }]);
  });
});

describe("adding a banner", () => {
  it("streams a multipart POST /banners (title, description, url, file) and says 'Berhasil menambahkan banner'", async () => {
    const writes = recordWrites("post", "/banners", { status: 201, body: { data: { id: 9 } } });
    const submitted = await admin.add([
      ["title", "  Pekan literasi  "],
      ["description", "Pekan literasi daerah"],
      ["url", "https://dispusip.example/literasi"],
      ["file", imageFile("literasi.png")],
    ]);
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/banner" });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: "POST", path: "/api/banners", authorization: "Bearer token-role-3" });
    expect(writes[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(writes[0].fields).toEqual([
      ["title", "Pekan literasi"],
      ["description", "Pekan literasi daerah"],
      ["url", "https://dispusip.example/literasi"],
      ["file", uploadedPng("literasi.png")],
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menambahkan banner" }]);
  });

  it("takes a banner without an image (the file is optional)", async () => {
    const writes = recordWrites("post", "/banners", { status: 201 });
    await admin.add([["title", "Tanpa gambar"], ["file", noFile()]]);
    expect(writes[0].fields?.map(([name]) => name)).toEqual(["title", "description", "url"]);
  });

  it("refuses a file that only claims to be an image, before calling the upstream", async () => {
    const submitted = await admin.refuses("/admin/banner?modal=add", [["intent", "create"], ["title", "Judul"], ["file", fakeImage()]]);
    expect(fieldErrors(submitted)).toEqual({ file: ["Berkas harus berupa gambar JPEG, PNG, WebP, atau GIF"] });
  });

  it("refuses a missing title next to the field", async () => {
    const submitted = await admin.refuses("/admin/banner?modal=add", [["intent", "create"], ["title", " "]]);
    expect(fieldErrors(submitted)).toEqual({ title: ["Judul wajib diisi"] });
  });

  it("says 'Gagal menambahkan banner' and keeps the form when the upstream refuses", async () => {
    recordWrites("post", "/banners", { status: 500, body: { error: "Terjadi kesalahan pada server" } });
    const submitted = await admin.add([["title", "Judul"]]);
    expect(submitted).toMatchObject({ kind: "data", status: 502, data: { alert: { type: "error", message: "Gagal menambahkan banner" } } });
    if (submitted.kind === "data") expect(submitted.data.result?.initialValue).toMatchObject({ title: "Judul" });
  });
});

describe("editing a banner", () => {
  it("sends PUT /banners multipart with the id first and says 'Berhasil mengubah banner'", async () => {
    const writes = recordWrites("put", "/banners", { status: 200 });
    const submitted = await admin.edit(
      "1",
      [
        ["title", "Banner baru"],
        ["description", ""],
        ["url", ""],
        ["file", imageFile("baru.png")],
      ],
      "&page=2",
    );
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/banner?page=2" });
    expect(writes[0]).toMatchObject({ method: "PUT", path: "/api/banners", authorization: "Bearer token-role-3" });
    expect(writes[0].fields).toEqual([
      ["id", "1"],
      ["title", "Banner baru"],
      ["description", ""],
      ["url", ""],
      ["file", uploadedPng("baru.png")],
    ]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil mengubah banner" }]);
  });

  it("says 'Gagal mengubah banner' when the upstream fails", async () => {
    recordWrites("put", "/banners", { status: 404, body: { error: "Data tidak ditemukan" } });
    const submitted = await admin.edit("1", [["title", "Judul"]]);
    expect(submitted).toMatchObject({ kind: "data", data: { alert: { type: "error", message: "Gagal mengubah banner" } } });
  });
});

describe("deleting a banner", () => {
  it("sends DELETE /banners/{id} with the token and says 'Berhasil menghapus banner'", async () => {
    const writes = recordWrites("delete", "/banners/2", { status: 200, body: { message: "Data berhasil dihapus" } });
    const submitted = await admin.remove("2");
    expect(writes).toEqual([{ method: "DELETE", path: "/api/banners/2", authorization: "Bearer token-role-3", contentType: "" }]);
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "success", message: "Berhasil menghapus banner" }]);
  });

  it("says 'Gagal menghapus banner' when the upstream fails", async () => {
    recordWrites("delete", "/banners/2", { status: 500 });
    const submitted = await admin.remove("2");
    expect(await admin.alertAfter(submitted)).toEqual([{ type: "error", message: "Gagal menghapus banner" }]);
  });
});
