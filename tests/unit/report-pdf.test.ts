import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { reportPdf, type Report } from "../../scripts/report-pdf.ts";

/** The public documents' writer (scripts/report-pdf.ts), read back by pdf-lib as a reader would open them. */

const rows = (count: number) => Array.from({ length: count }, (_, i) => [`Kegiatan ${i + 1}`, `${(i + 1) * 1000}.000`]);
const report = (tableRows: number): Report => ({
  title: "Rencana Kerja Uji",
  subtitle: "Tahun 2026",
  blocks: [
    { kind: "chapter", text: "BAB I PENDAHULUAN" },
    { kind: "section", text: "1.1 Latar Belakang" },
    { kind: "paragraph", text: "Dokumen uji untuk tata letak." },
    { kind: "chapter", text: "BAB II PROGRAM" },
    { kind: "table", caption: "Tabel 2.1 Kegiatan", columns: [{ header: "Kegiatan", width: 70 }, { header: "Pagu (Rp)", width: 30, numeric: true }], rows: rows(tableRows) },
    { kind: "chapter", text: "BAB III PENUTUP" },
  ],
});

describe("the public documents' PDF writer", () => {
  it("gives a cover, the contents, and a page per chapter, and the same bytes each time", async () => {
    const bytes = await reportPdf(report(5));
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(5);
    expect(pdf.getTitle()).toBe("Rencana Kerja Uji");
    expect(bytes.equals(await reportPdf(report(5)))).toBe(true);
  });

  it("runs a long table over as many pages as it needs", async () => {
    const pdf = await PDFDocument.load(await reportPdf(report(120)), { updateMetadata: false });
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(7);
  });
});
