import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LAPORAN_KINERJA } from "./public-documents/laporan-kinerja.ts";
import { RENJA } from "./public-documents/renja.ts";
import { RENSTRA } from "./public-documents/renstra.ts";
import { TUPOKSI } from "./public-documents/tupoksi.ts";
import { reportPdf, type Report } from "./report-pdf.ts";

/**
 * Writes the four public documents the site links to (public/*.pdf): demo documents of a fictional
 * agency, several pages each (contents, chapters, tables, page numbers; scripts/report-pdf.ts),
 * their text in scripts/public-documents/. Run by hand after changing them, and the files
 * committed: the build and `npm start` serve public/ as it is. Reproducible: the same bytes every
 * run (no dates, no random ids). To publish the real documents, replace the files in public/ with
 * the agency's own PDFs under the same names.
 *
 *   npm run pdfs
 */

const DOCUMENTS: Record<string, Report> = {
  "tupoksi.pdf": TUPOKSI,
  "renja.pdf": RENJA,
  "renstra.pdf": RENSTRA,
  "laporan_kinerja.pdf": LAPORAN_KINERJA,
};

for (const [file, report] of Object.entries(DOCUMENTS)) {
  const target = fileURLToPath(new URL(`../public/${file}`, import.meta.url));
  const pdf = await reportPdf(report);
  writeFileSync(target, pdf);
  console.log(`wrote public/${file} (${pdf.length} bytes)`);
}
