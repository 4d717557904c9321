import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { documentLabel } from "../../app/config/documents.ts";
import { expect, test } from "./fixtures.ts";
import { alertShown } from "./helpers/index.ts";

/**
 * A public document replaced from /admin/documents (JavaScript off, a plain form) while a visitor
 * is still downloading the old one: the visitor gets the old file whole, the next visitor the new
 * one at the same address with a new ETag, and the home page, cached before, shows its new date.
 * The page's axe check, with JavaScript, is admin-keyboard.test.ts's, in its kept tab.
 */

const DEPLOYED = readFileSync(path.resolve(import.meta.dirname, "../../public/renja.pdf"));
/** Large enough that the visitor's download is still open (the socket's buffers full) while the admin replaces it; a comment, then %%EOF again, so that its end is whole. */
const OLD = Buffer.concat([DEPLOYED, Buffer.alloc(24 * 1024 * 1024, "%"), Buffer.from("\n%%EOF\n")]);
const NEW = Buffer.concat([DEPLOYED, Buffer.from("\n% Renja tahun berikutnya\n")]);
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

test("an admin replaces the Renja while a visitor downloads the old one", async ({ admins, contexts, mainStack }) => {
  test.setTimeout(120_000);
  const { bffUrl } = mainStack;
  const admin = await admins.open({ javaScript: false });
  const { page } = admin;
  const replace = async (file: Buffer, name: string) => {
    await admin.open("/admin/documents");
    await page.getByLabel("Berkas PDF baru untuk Renja").setInputFiles({ name, mimeType: "application/pdf", buffer: file });
    await page.getByRole("button", { name: "Ganti Renja" }).click();
    await alertShown(page, "Dokumen Renja berhasil diganti");
  };

  await replace(OLD, "renja-lama.pdf");
  const home = await contexts.visit(`${bffUrl}/`, { javaScriptEnabled: false });
  const homeNav = home.getByRole("navigation", { name: "Navigasi utama" });
  await homeNav.locator("summary", { hasText: "Dokumen" }).click();
  const renjaLink = homeNav.getByRole("link", { name: "Renja" });
  await expect(renjaLink).toContainText("PDF, 24 MB");

  // The visitor reads the first piece, then nothing until the replacement is done.
  const slow = await fetch(`${bffUrl}/renja.pdf`);
  expect(slow.status).toBe(200);
  const oldTag = slow.headers.get("etag");
  expect(oldTag).toMatch(/^"[^"]+"$/);
  const reader = slow.body!.getReader();
  const first = await reader.read();
  const pieces: Uint8Array[] = [first.value!];

  await replace(NEW, "renja-baru.pdf");
  expect(pieces[0]!.byteLength, "the visitor had not yet got the whole old file").toBeLessThan(OLD.length);
  for (let next = await reader.read(); !next.done; next = await reader.read()) pieces.push(next.value);
  const received = Buffer.concat(pieces);
  expect(received.length).toBe(OLD.length);
  expect(sha256(received), "the old file, whole").toBe(sha256(OLD));

  const fresh = await fetch(`${bffUrl}/renja.pdf`);
  expect(fresh.status).toBe(200);
  expect(fresh.headers.get("content-type")).toBe("application/pdf");
  expect(fresh.headers.get("cache-control")).toBe("public, max-age=300");
  const newTag = fresh.headers.get("etag");
  expect(newTag).toMatch(/^"[^"]+"$/);
  expect(newTag).not.toBe(oldTag);
  expect(Buffer.from(await fresh.arrayBuffer()).equals(NEW)).toBe(true);
  // (Not fetch: it adds Cache-Control: no-cache to a conditional request, as the Fetch standard says.)
  const unchanged = await home.request.get(`${bffUrl}/renja.pdf`, { headers: { "If-None-Match": newTag! } });
  expect(unchanged.status()).toBe(304);

  // The home page was cached before: the replacement cleared it.
  const updatedAt = new Date(fresh.headers.get("last-modified")!).toISOString();
  await home.reload();
  await homeNav.locator("summary", { hasText: "Dokumen" }).click();
  await expect(renjaLink).toContainText(documentLabel({ size: NEW.length, updatedAt }));

  // The deployed bytes again, for the other files of this worker's stack.
  await replace(DEPLOYED, "renja.pdf");
});
