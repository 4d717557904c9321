import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ABOUT_TEXT_FIELDS } from "../helpers/spec-fields.ts";
import { form, pngFile, testApiForFile, storedFiles } from "./helpers.ts";

const api = testApiForFile();

const fileExists = (name: string, area = "files"): boolean => existsSync(join(api.dataDir, area, name));

describe("sliders", () => {
  it("lists sliders as { data: [...] } with paging", async () => {
    const all = await api.call("GET", "/api/sliders");
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThanOrEqual(3);
    expect(all.body.total).toBe(all.body.data.length);
    for (const slider of all.body.data) {
      expect(Object.keys(slider).sort()).toEqual(["description", "file", "id", "title", "url"]);
    }
    const page2 = await api.call("GET", "/api/sliders?page=2&limit=1");
    expect(page2.body.data).toEqual([all.body.data[1]]);
    const page0 = await api.call("GET", "/api/sliders?page=0&limit=2");
    expect(page0.body.data).toEqual(all.body.data.slice(0, 2));
    const limit0 = await api.call("GET", "/api/sliders?limit=0&page=3");
    expect(limit0.body.data).toEqual(all.body.data);
    const beyond = await api.call("GET", "/api/sliders?page=99&limit=20");
    expect(beyond.body.data).toEqual([]);
  });

  it.each(["page=abc", "limit=-1", "page=1.5", "limit=1e3", "page=1&page=2"])("rejects paging %s with 400", async (query) => {
    const reply = await api.call("GET", `/api/sliders?${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/^Parameter (page|limit) harus berupa bilangan bulat positif$/);
  });

  it("creates, updates (keeping or replacing the image) and deletes a slider", async () => {
    const created = await api.call("POST", "/api/sliders", {
      token: api.adminToken,
      form: form({ title: "JUDUL BARU", description: "Deskripsi", url: "https://example.org/a", file: pngFile() }),
    });
    expect(created.status).toBe(201);
    const slider = created.body.data;
    expect(slider).toEqual({
      id: expect.any(Number),
      title: "JUDUL BARU",
      description: "Deskripsi",
      url: "https://example.org/a",
      file: expect.stringMatching(/^[a-z0-9]+-[0-9a-f]{16}\.png$/),
    });
    const image = await fetch(`${api.url}/files/${slider.file}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    const kept = await api.call("PUT", "/api/sliders", {
      token: api.adminToken,
      form: form({ id: String(slider.id), title: "JUDUL UBAH", description: "", url: "" }),
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toEqual({ ...slider, title: "JUDUL UBAH", description: "", url: "" });

    const replaced = await api.call("PUT", "/api/sliders", {
      token: api.adminToken,
      form: form({ id: String(slider.id), file: pngFile("baru.png", 10) }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.title).toBe("JUDUL UBAH");
    expect(replaced.body.data.file).not.toBe(slider.file);
    expect(fileExists(slider.file)).toBe(false);
    expect(fileExists(replaced.body.data.file)).toBe(true);

    const deleted = await api.call("DELETE", `/api/sliders/${slider.id}`, { token: api.adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: expect.any(String) });
    expect(fileExists(replaced.body.data.file)).toBe(false);
    const list = await api.call("GET", "/api/sliders");
    expect(list.body.data.map((item: { id: number }) => item.id)).not.toContain(slider.id);
  });

  it("validates input in Indonesian", async () => {
    const cases: Array<[FormData, string]> = [
      [form({ description: "x", file: pngFile() }), "Judul wajib diisi"],
      [form({ title: "   ", file: pngFile() }), "Judul wajib diisi"],
      [form({ title: "x".repeat(256), file: pngFile() }), "Judul maksimal 255 karakter"],
      [form({ title: "A", url: "javascript:alert(1)", file: pngFile() }), "URL tidak valid"],
      [form({ title: "A" }), "Gambar slider wajib diunggah"],
    ];
    for (const [body, error] of cases) {
      const reply = await api.call("POST", "/api/sliders", { token: api.adminToken, form: body });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error });
    }
    const json = await api.call("POST", "/api/sliders", { token: api.adminToken, json: { title: "A" } });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ error: "Data harus dikirim sebagai multipart/form-data" });
  });

  it("answers 404 for unknown ids and 400 for malformed ids", async () => {
    const put = await api.call("PUT", "/api/sliders", { token: api.adminToken, form: form({ id: "9999", title: "A" }) });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ error: "Data tidak ditemukan" });
    const del = await api.call("DELETE", "/api/sliders/9999", { token: api.adminToken });
    expect(del.status).toBe(404);
    expect(del.body).toEqual({ error: "Data tidak ditemukan" });
    for (const id of ["abc", "0", "-1", "1.5", "%00"]) {
      const reply = await api.call("DELETE", `/api/sliders/${id}`, { token: api.adminToken });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toEqual(expect.any(String));
    }
    const noId = await api.call("PUT", "/api/sliders", { token: api.adminToken, form: form({ title: "A" }) });
    expect(noId.body).toEqual({ error: "ID wajib diisi" });
    const badId = await api.call("PUT", "/api/sliders", { token: api.adminToken, form: form({ id: "x", title: "A" }) });
    expect(badId.body).toEqual({ error: "ID tidak valid" });
  });

  it("removes the uploaded image when the update is refused", async () => {
    const before = await api.call("GET", "/api/sliders");
    const filesBefore = await storedFiles(api.dataDir, "files");
    const reply = await api.call("PUT", "/api/sliders", {
      token: api.adminToken,
      form: form({ id: "9999", title: "A", file: pngFile() }),
    });
    expect(reply.status).toBe(404);
    expect(await storedFiles(api.dataDir, "files")).toEqual(filesBefore);
    expect((await api.call("GET", "/api/sliders")).body).toEqual(before.body);
  });
});

describe("abouts", () => {
  it("returns the about record with every field", async () => {
    const reply = await api.call("GET", "/api/abouts");
    expect(reply.status).toBe(200);
    const [about] = reply.body.data;
    expect(Object.keys(about).sort()).toEqual(["id", ...ABOUT_TEXT_FIELDS, "file"].sort());
  });

  it("creates and updates an about record (multipart)", async () => {
    const created = await api.call("POST", "/api/abouts", {
      token: api.adminToken,
      form: form({
        title: "Tentang Kami",
        description: "<p>Deskripsi</p>",
        address: "Jl. Uji No. 1",
        phone: "+62 812-0000-0000",
        email: "uji@example.id",
        facebook: "uji",
        instagram: "@uji.ig",
        twitter: "uji_tw",
        youtube: "ujiyt",
        tiktok: "uji.tt",
        terms_and_condition: "<p>Syarat</p>",
        privacy_policy: "<p>Privasi</p>",
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ instagram: "uji.ig", email: "uji@example.id", file: "" });
    const updated = await api.call("PUT", "/api/abouts", {
      token: api.adminToken,
      form: form({ id: String(created.body.data.id), privacy_policy: "<p>Baru</p>", file: pngFile() }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ title: "Tentang Kami", privacy_policy: "<p>Baru</p>" });
    expect(updated.body.data.file).toMatch(/\.png$/);
  });

  it("rejects a malformed email or handle", async () => {
    const email = await api.call("POST", "/api/abouts", {
      token: api.adminToken,
      form: form({ title: "A", email: "bukan-email" }),
    });
    expect(email.body).toEqual({ error: "Format email tidak valid" });
    const handle = await api.call("POST", "/api/abouts", {
      token: api.adminToken,
      form: form({ title: "A", facebook: "https://facebook.com/x" }),
    });
    expect(handle.body).toEqual({ error: "Nama akun Facebook tidak valid" });
  });

  it("has no delete", async () => {
    const reply = await api.call("DELETE", "/api/abouts/1", { token: api.adminToken });
    expect(reply.status).toBe(404);
  });
});

describe("mission-vision", () => {
  it("reads, creates and updates (JSON)", async () => {
    const list = await api.call("GET", "/api/mission-vision");
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toEqual({ id: expect.any(Number), vision: expect.any(String), mission: expect.any(String) });
    const created = await api.call("POST", "/api/mission-vision", {
      token: api.adminToken,
      json: { vision: "Visi baru", mission: "Misi baru" },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), vision: "Visi baru", mission: "Misi baru" });
    const updated = await api.call("PUT", "/api/mission-vision", {
      token: api.adminToken,
      json: { id: created.body.data.id, vision: "Visi ubah", mission: "Misi ubah" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({ id: created.body.data.id, vision: "Visi ubah", mission: "Misi ubah" });
  });

  it("validates JSON bodies", async () => {
    const missing = await api.call("POST", "/api/mission-vision", { token: api.adminToken, json: { vision: "A" } });
    expect(missing.body).toEqual({ error: "Misi wajib diisi" });
    const malformed = await api.call("PUT", "/api/mission-vision", { token: api.adminToken, rawJson: "{" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: "Format JSON tidak valid" });
    const multipart = await api.call("POST", "/api/mission-vision", {
      token: api.adminToken,
      form: form({ vision: "A", mission: "B" }),
    });
    expect(multipart.status).toBe(400);
    expect(multipart.body).toEqual({ error: "Data harus dikirim sebagai JSON (application/json)" });
    const unknown = await api.call("PUT", "/api/mission-vision", {
      token: api.adminToken,
      json: { id: 424242, vision: "A", mission: "B" },
    });
    expect(unknown.status).toBe(404);
  });
});

describe("histories", () => {
  it("lists, updates with an optional file, and creates (extension)", async () => {
    const list = await api.call("GET", "/api/histories");
    const [history] = list.body.data;
    expect(history).toEqual({ id: expect.any(Number), title: expect.any(String), description: expect.stringContaining("<p>"), file: expect.any(String) });
    const updated = await api.call("PUT", "/api/histories", {
      token: api.adminToken,
      form: form({ id: String(history.id), title: "SEJARAH BARU", description: "<p>Isi</p>" }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({ ...history, title: "SEJARAH BARU", description: "<p>Isi</p>" });
    const created = await api.call("POST", "/api/histories", { token: api.adminToken, form: form({ title: "LAIN" }) });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), title: "LAIN", description: "", file: "" });
  });
});

describe("activities", () => {
  it("lists newest first, with ISO dates", async () => {
    const reply = await api.call("GET", "/api/activities");
    const dates: string[] = reply.body.data.map((activity: { date: string }) => activity.date);
    expect(dates.length).toBeGreaterThanOrEqual(8);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const date of dates) expect(new Date(date).toISOString()).toBe(date);
  });

  it("returns one activity as { data }, 404 when unknown, 400 when the id is malformed", async () => {
    const list = await api.call("GET", "/api/activities");
    const first = list.body.data[0];
    const one = await api.call("GET", `/api/activities/${first.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ data: first });
    const missing = await api.call("GET", "/api/activities/987654");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Data tidak ditemukan" });
    for (const id of ["abc", "0", "-3", "2.5"]) {
      const bad = await api.call("GET", `/api/activities/${id}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: "ID tidak valid" });
    }
  });

  it("creates, updates and deletes an activity; the date is normalised to ISO", async () => {
    const created = await api.call("POST", "/api/activities", {
      token: api.adminToken,
      form: form({ date: "2030-01-02", title: "Kegiatan Uji", description: "<p>Isi</p>", file: pngFile() }),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ date: "2030-01-02T00:00:00.000Z", title: "Kegiatan Uji" });
    const newest = await api.call("GET", "/api/activities?limit=1");
    expect(newest.body.data[0].id).toBe(created.body.data.id);

    const updated = await api.call("PUT", "/api/activities", {
      token: api.adminToken,
      form: form({ id: String(created.body.data.id), date: "2030-01-03T08:30:00+07:00", title: "Kegiatan Ubah" }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ date: "2030-01-03T01:30:00.000Z", title: "Kegiatan Ubah", description: "<p>Isi</p>" });
    expect(updated.body.data.file).toBe(created.body.data.file);

    const deleted = await api.call("DELETE", `/api/activities/${created.body.data.id}`, { token: api.adminToken });
    expect(deleted.status).toBe(200);
    expect((await api.call("GET", `/api/activities/${created.body.data.id}`)).status).toBe(404);
  });

  it.each(["kemarin", "2024-02-31", "2024-13-01", "01-02-2024", "2024-01-01T25:00"])(
    "rejects the date %s",
    async (date) => {
      const reply = await api.call("POST", "/api/activities", {
        token: api.adminToken,
        form: form({ date, title: "A" }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: "Format tanggal tidak valid" });
    },
  );

  it("requires a date and a title", async () => {
    expect((await api.call("POST", "/api/activities", { token: api.adminToken, form: form({ title: "A" }) })).body).toEqual({
      error: "Tanggal wajib diisi",
    });
    expect(
      (await api.call("POST", "/api/activities", { token: api.adminToken, form: form({ date: "2024-01-01" }) })).body,
    ).toEqual({ error: "Judul wajib diisi" });
  });
});

describe("officers", () => {
  it("creates with an optional photo, updates and deletes", async () => {
    const list = await api.call("GET", "/api/officers");
    expect(list.body.data.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(list.body.data[0]).sort()).toEqual(["additional_text", "file", "id", "name", "position"]);
    const created = await api.call("POST", "/api/officers", {
      token: api.adminToken,
      form: form({ name: "Pejabat Uji", position: "Kepala Seksi" }),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      name: "Pejabat Uji",
      position: "Kepala Seksi",
      additional_text: "",
      file: "",
    });
    const updated = await api.call("PUT", "/api/officers", {
      token: api.adminToken,
      form: form({ id: String(created.body.data.id), additional_text: "NIP. 1", file: pngFile() }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: "Pejabat Uji", additional_text: "NIP. 1" });
    expect(fileExists(updated.body.data.file)).toBe(true);
    const deleted = await api.call("DELETE", `/api/officers/${created.body.data.id}`, { token: api.adminToken });
    expect(deleted.status).toBe(200);
    expect(fileExists(updated.body.data.file)).toBe(false);
  });

  it("requires a name and a position", async () => {
    const reply = await api.call("POST", "/api/officers", { token: api.adminToken, form: form({ name: "A" }) });
    expect(reply.body).toEqual({ error: "Jabatan wajib diisi" });
  });
});
