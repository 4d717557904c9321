import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dataPaths } from "@server/data-dir.server";
import { getConfig } from "@server/config.server";
import { readAuditPage } from "~/platform/audit.server";
import { documentNote } from "~/config/documents";
import { currentDocument, replaceDocument } from "~/platform/documents.server";
import { publicDocumentLabels } from "~/public/site-documents.server";
import * as auditRoute from "~/routes/admin.audit";
import * as documentsRoute from "~/routes/admin.documents";
import { FILE_MESSAGES } from "~/lib/file-kinds";
import { request } from "../helpers/sessions";
import { adminCookie, imageFile, submit, type ScreenRoute } from "./admin-screen-support";

/**
 * /admin/documents: an admin replaces a public PDF. Only a PDF (by its bytes, not its name) within
 * the book files' limit is taken; it is written beside the old one and renamed over it, so the
 * old version stays whole until the new one is, and every replacement is in the audit log.
 */

const route = documentsRoute as unknown as ScreenRoute;
const PDF = readFileSync(path.resolve(__dirname, "../../public/renja.pdf"));
const documentsDir = () => dataPaths(getConfig()).documents;

function upload(document: string, file: File): FormData {
  const body = new FormData();
  body.set("document", document);
  body.set("file", file);
  return body;
}

afterEach(() => {
  delete process.env.UPLOAD_BOOK_MAX_BYTES;
});

describe("replacing a public document", () => {
  it("refuses a PNG named .pdf with an Indonesian message, keeping the current version", async () => {
    const before = await currentDocument("renstra");
    const png = new File([await imageFile().arrayBuffer()], "renstra.pdf", { type: "application/pdf" });
    const submitted = await submit(route, "/admin/documents", await adminCookie(), upload("renstra", png));
    expect(submitted).toMatchObject({ kind: "data", status: 400, data: { document: "renstra", message: "Berkas harus berupa dokumen PDF" } });
    expect(await currentDocument("renstra")).toEqual(before);
  });

  it("refuses a PDF cut short, as an upload's file is, keeping the current version and no temporary file", async () => {
    const before = await currentDocument("renstra");
    for (const [bytes, message] of [
      [PDF.subarray(0, PDF.length - 10), FILE_MESSAGES.brokenPdf],
    ] as const) {
      const submitted = await submit(route, "/admin/documents", await adminCookie(), upload("renstra", new File([new Uint8Array(bytes)], "renstra.pdf")));
      expect(submitted).toMatchObject({ kind: "data", status: 400, data: { document: "renstra", message } });
    }
    expect(await currentDocument("renstra")).toEqual(before);
    expect(readdirSync(documentsDir()).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("refuses a file past the limit with 413", async () => {
    process.env.UPLOAD_BOOK_MAX_BYTES = String(PDF.length - 1);
    const submitted = await submit(route, "/admin/documents", await adminCookie(), upload("tupoksi", new File([PDF], "tupoksi.pdf")));
    expect(submitted).toMatchObject({ kind: "data", status: 413, data: { document: "tupoksi" } });
    if (submitted.kind === "data") expect(submitted.data).toHaveProperty("message", expect.stringMatching(/^Ukuran berkas melebihi batas /));
    expect((await currentDocument("tupoksi"))?.replaced).toBe(false);
  });

  it("refuses a document that is not one of the four", async () => {
    const submitted = await submit(route, "/admin/documents", await adminCookie(), upload("../passwd", new File([PDF], "x.pdf")));
    expect(submitted).toMatchObject({ kind: "data", status: 400, data: { message: "Dokumen tidak dikenal" } });
  });

  it("puts a PDF in place, says so, and records it in the audit log", async () => {
    const cookie = await adminCookie();
    const submitted = await submit(route, "/admin/documents", cookie, upload("renja", new File([PDF], "Renja 2027.pdf")));
    expect(submitted).toMatchObject({ kind: "redirect", location: "/admin/documents" });
    expect(readFileSync(path.join(documentsDir(), "renja.pdf")).equals(PDF)).toBe(true);
    expect(readdirSync(documentsDir()).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(await currentDocument("renja")).toMatchObject({ size: PDF.length, replaced: true });
    const { entries } = readAuditPage({ page: 1, pageSize: 5, resource: "documents" });
    expect(entries[0]).toMatchObject({
      resource: "documents",
      recordId: "renja",
      action: "update",
      outcome: "ok",
      changes: [{ field: "file", kind: "file", name: "Renja 2027.pdf" }],
    });
    // The audit log's own page offers the documents in its filter and names them.
    const audit = (await auditRoute.loader({ request: request("/admin/audit?resource=documents", { cookie }), params: {}, context: { clientIp: "x" } })) as {
      data: { resource: string | null; screens: Array<{ value: string; label: string }>; rows: Array<{ cells: { resource: string } }> };
    };
    expect(audit.data.resource).toBe("documents");
    expect(audit.data.screens).toContainEqual({ value: "documents", label: "Dokumen" });
    expect(audit.data.rows[0].cells.resource).toBe("Dokumen");
  });
});

describe("the atomic replace", () => {
  it("keeps the old version whole, and leaves no temporary file, when the new one fails midway", async () => {
    await replaceDocument("laporan_kinerja", [Buffer.from("%PDF-1.4 lama")]);
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from("%PDF-1.4 baru, setengah");
      throw new Error("the client went away");
    }
    await expect(replaceDocument("laporan_kinerja", failing())).rejects.toThrow("the client went away");
    expect(readFileSync(path.join(documentsDir(), "laporan_kinerja.pdf"), "utf8")).toBe("%PDF-1.4 lama");
    expect(readdirSync(documentsDir()).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});

describe("the labels beside the public pages' links", () => {
  it("are kept between renders, and show a replacement at the next one", async () => {
    const kept = await publicDocumentLabels();
    // The same object: not read from disk again within the public cache's TTL.
    expect(await publicDocumentLabels()).toBe(kept);
    const bytes = Buffer.alloc(Math.round(2.5 * 1024 * 1024), "%PDF-1.4 ");
    await replaceDocument("renstra", [bytes]);
    const labels = await publicDocumentLabels();
    expect(labels.renstra).toEqual(documentNote((await currentDocument("renstra"))!));
    expect(labels.renstra?.size).toBe("PDF, 2,5 MB");
    expect(labels.renja).toEqual(kept.renja);
  });
});
