import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../reference-api/demo-users.ts";
import { startReferenceApi } from "../../reference-api/server.ts";
import {
  ADMIN_EMAIL,
  call,
  form,
  login,
  makeDataDir,
  pngFile,
  removeDataDir,
  testApiForFile,
  tempFiles,
  type JsonBody,
} from "./helpers.ts";

/** Independent of the encoder under test: the textbook bitwise CRC-32. */
function referenceCrc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Parses a PNG strictly enough to prove a viewer can decode it; returns its size. */
function checkPng(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    expect(bytes.readUInt32BE(offset + 8 + length)).toBe(referenceCrc32(bytes.subarray(offset + 4, offset + 8 + length)));
    types.push(type);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 2]);
    }
    if (type === "IDAT") idat.push(data);
    offset += 12 + length;
  }
  expect(types[0]).toBe("IHDR");
  expect(types.at(-1)).toBe("IEND");
  const pixels = inflateSync(Buffer.concat(idat));
  expect(pixels.length).toBe((width * 3 + 1) * height);
  for (let row = 0; row < height; row++) expect(pixels[row * (width * 3 + 1)]).toBeLessThanOrEqual(4);
  return { width, height };
}

/** Checks the header, trailer and that every cross-reference offset lands on its object. */
function checkPdf(bytes: Buffer): void {
  const text = bytes.toString("latin1");
  expect(text.startsWith("%PDF-1.")).toBe(true);
  expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe("xref");
  const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
  expect(entries.length).toBeGreaterThanOrEqual(6);
  entries.forEach((position, index) => expect(text.slice(position).startsWith(`${index + 1} 0 obj`)).toBe(true));
  expect(text).toContain("/Type /Catalog");
}

const api = testApiForFile();

const list = async (path: string, key = "data"): Promise<JsonBody[]> => {
  const reply = await api.call("GET", path, { token: api.adminToken });
  expect(reply.status).toBe(200);
  return reply.body[key] as JsonBody[];
};

const image = async (area: "files" | "covers", name: string): Promise<{ width: number; height: number }> => {
  expect(name).toMatch(/\.png$/);
  return checkPng(await readFile(join(api.dataDir, area, name)));
};

describe("demo content of a new database", () => {
  it("creates the database file and folders in DATA_DIR", () => {
    expect(existsSync(join(api.dataDir, "reference-api.sqlite"))).toBe(true);
    expect(existsSync(join(api.dataDir, "files"))).toBe(true);
    expect(existsSync(join(api.dataDir, "covers"))).toBe(true);
  });

  it("has sliders and banners with distinct real images", async () => {
    for (const path of ["/api/sliders", "/api/banners"]) {
      const items = await list(path);
      expect(items.length).toBeGreaterThanOrEqual(3);
      const contents = new Set<string>();
      for (const item of items) {
        expect(item.title).toBeTruthy();
        const size = await image("files", item.file);
        expect(size.width).toBeGreaterThanOrEqual(200);
        contents.add((await readFile(join(api.dataDir, "files", item.file))).toString("base64"));
      }
      expect(contents.size).toBe(items.length);
    }
  });

  it("has one about record with contact details, bare social handles and HTML policies", async () => {
    const [about] = await list("/api/abouts");
    expect(about.address).toBeTruthy();
    expect(about.phone).toBeTruthy();
    expect(about.email).toMatch(/@/);
    for (const network of ["facebook", "instagram", "twitter", "youtube", "tiktok"]) {
      expect(about[network]).toMatch(/^[A-Za-z0-9._-]+$/);
    }
    expect(about.privacy_policy).toMatch(/^<h2>/);
    expect(about.terms_and_condition).toMatch(/^<h2>/);
    await image("files", about.file);
  });

  it("has vision and mission, a history in HTML, 8+ activities and 4+ officers with pictures", async () => {
    const [missionVision] = await list("/api/mission-vision");
    expect(missionVision.vision).toBeTruthy();
    expect(missionVision.mission).toBeTruthy();
    const [history] = await list("/api/histories");
    expect(history.description).toMatch(/^<p>/);
    const activities = await list("/api/activities");
    expect(activities.length).toBeGreaterThanOrEqual(8);
    for (const activity of activities) {
      expect(new Date(activity.date).toISOString()).toBe(activity.date);
      await image("files", activity.file);
    }
    const officers = await list("/api/officers");
    expect(officers.length).toBeGreaterThanOrEqual(4);
    for (const officer of officers) await image("files", officer.file);
  });

  it("has a catalogue: 12+ books with covers, PDFs and relations", async () => {
    const books = await list("/api/books/all", "books");
    expect(books.length).toBeGreaterThanOrEqual(12);
    for (const book of books) {
      await image("covers", book.cover);
      checkPdf(await readFile(join(api.dataDir, "files", book.file)));
      expect(book.author.name).toBeTruthy();
      expect(book.publisher.name).toBeTruthy();
      expect(book.classification.notation).toMatch(/^\d{3}(\.\d+)?$/);
      expect(book.genres.length).toBeGreaterThan(0);
      expect(book.tags.length).toBeGreaterThan(0);
    }
    const pdf = await fetch(`${api.url}/files/${books[0].file}`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    for (const genre of await list("/api/genres")) await image("covers", genre.cover);
    const tags = await list("/api/tags");
    expect(tags.some((tag) => tag.cover === "")).toBe(true);
    expect((await list("/api/authors", "author")).length).toBeGreaterThanOrEqual(5);
    expect((await list("/api/publishers", "publishers")).length).toBeGreaterThanOrEqual(3);
  });

  it("has 2+ videos whose files exist, and libraries both active and inactive", async () => {
    const videos = await list("/api/videos");
    expect(videos.length).toBeGreaterThanOrEqual(2);
    for (const video of videos) {
      for (const url of [video.link, video.thumbnail, video.background]) {
        expect((await fetch(url)).status).toBe(200);
      }
    }
    const libraries = await list("/api/bibliographies/admin/library");
    expect(libraries.length).toBeGreaterThanOrEqual(3);
    expect(new Set(libraries.map((library) => library.active))).toEqual(new Set([true, false]));
  });

  it("exports the demo users the start script prints", () => {
    expect(DEMO_USERS.map((user) => [user.email, user.role])).toEqual([
      ["admin@dispusip.local", 2],
      ["superadmin@dispusip.local", 3],
      ["staf@dispusip.local", 1],
    ]);
    for (const user of DEMO_USERS) expect(user.description).toBeTruthy();
  });
});

describe("persistence", () => {
  it("keeps records, files and tokens across a restart on the same DATA_DIR, without seeding again", async () => {
    const dataDir = await makeDataDir();
    let running = await startReferenceApi({ dataDir, port: 0 });
    const token = await login(running.url, ADMIN_EMAIL);
    const created = await call(running.url, "POST", "/api/sliders", {
      token,
      form: form({ title: "TETAP ADA", file: pngFile() }),
    });
    expect(created.status).toBe(201);
    expect((await call(running.url, "DELETE", "/api/sliders/1", { token })).status).toBe(200);
    const genre = await call(running.url, "POST", "/api/genres", { token, json: { name: "Genre Tetap" } });
    const before = (await call(running.url, "GET", "/api/sliders")).body;
    await running.close();

    // A crash during an upload leaves a temporary file behind; a start removes it.
    await writeFile(join(dataDir, "files", ".upload-sisa.part"), "setengah");

    running = await startReferenceApi({ dataDir, port: 0 });
    try {
      const after = (await call(running.url, "GET", "/api/sliders")).body;
      expect(after).toEqual(before);
      expect(after.data.map((slider: JsonBody) => slider.id)).not.toContain(1);
      const image = await fetch(`${running.url}/files/${created.body.data.file}`);
      expect(image.status).toBe(200);
      const me = await call(running.url, "GET", "/api/users/me", { token });
      expect(me.body.user.email).toBe(ADMIN_EMAIL);
      const genres = await call(running.url, "GET", "/api/genres", { token });
      expect(genres.body.data).toContainEqual(genre.body.data);
      expect(await tempFiles(dataDir, "files")).toEqual([]);
    } finally {
      await running.close();
      await removeDataDir(dataDir);
    }
  });

  it("closes cleanly while a request is in flight", async () => {
    const dataDir = await makeDataDir();
    const running = await startReferenceApi({ dataDir, port: 0 });
    try {
      const pending = fetch(`${running.url}/api/sliders`).catch(() => undefined);
      await running.close();
      await pending;
      await expect(fetch(`${running.url}/api/health`)).rejects.toThrow();
    } finally {
      await removeDataDir(dataDir);
    }
  });
});
