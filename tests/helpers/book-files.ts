import { deflatedPart, storedPart, zipBytes } from "./zip-parts";

/**
 * Small book files as their writers lay them out, built byte by byte so that each test knows
 * where every part lies: PDFs with a cross-reference table and trailer, or a cross-reference
 * stream, or linearized (the first page's table and trailer near the start); and EPUBs (a zip
 * whose first part is the stored "mimetype").
 */

const latin1 = (text: string) => Buffer.from(text, "latin1");

/** An encryption dictionary of the standard security handler, as a password-protecting writer leaves it. */
const ENCRYPTION = `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O <${"a1".repeat(32)}> /U <${"b2".repeat(32)}> >>`;
const ID = `[<${"c3".repeat(16)}> <${"c3".repeat(16)}>]`;

export interface PdfOptions {
  /** An /Encrypt entry in the trailer (or the cross-reference stream's dictionary), naming object 5. */
  encrypted?: boolean;
  /** A cross-reference stream (PDF 1.5) instead of a table and trailer. */
  xrefStream?: boolean;
  /** Free entries added to the cross-reference stream, 7 bytes each: 10,000 put its dictionary out of a 64 KiB tail's reach. */
  freeEntries?: number;
  /** Whatever a writer put after %%EOF. */
  after?: string;
  /** A stream of this many bytes among the objects (a page's picture): 70,000 put the cross-reference section out of a 64 KiB head's reach. */
  fillerBytes?: number;
}

/** Objects 1 to 4 (catalog, pages, a page, its text) and the encryption dictionary as 5 when encrypted. */
function bodyObjects(encrypted: boolean): string[] {
  const content = "BT /F1 18 Tf 72 720 Td (Sejarah Perpustakaan Daerah) Tj ET";
  return [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...(encrypted ? [ENCRYPTION] : []),
  ];
}

/** A whole PDF: its objects, then a cross-reference table and trailer, or a cross-reference stream, then startxref and %%EOF. */
export function pdfBytes({ encrypted = false, xrefStream = false, freeEntries = 0, after = "", fillerBytes = 0 }: PdfOptions = {}): Buffer {
  const objects = bodyObjects(encrypted);
  if (fillerBytes > 0) objects.push(`<< /Length ${fillerBytes} >>\nstream\n${"0".repeat(fillerBytes)}\nendstream`);
  let text = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = text.length;
  const encrypt = encrypted ? ` /Encrypt 5 0 R /ID ${ID}` : "";
  if (!xrefStream) {
    const entries = offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
    text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} >>\n`;
    return latin1(`${text}startxref\n${xrefAt}\n%%EOF\n${after}`);
  }
  // Entries of [type, offset, generation] in 1, 4 and 2 bytes: the free head, the objects, this stream, then free ones.
  const size = objects.length + 2 + freeEntries;
  const rows = Buffer.alloc(size * 7);
  rows.writeUInt16BE(0xffff, 5);
  [...offsets, xrefAt].forEach((offset, index) => {
    rows[(index + 1) * 7] = 1;
    rows.writeUInt32BE(offset, (index + 1) * 7 + 1);
  });
  text += `${objects.length + 1} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Root 1 0 R${encrypt} /Length ${rows.length} >>\nstream\n`;
  return Buffer.concat([latin1(text), rows, latin1(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n${after}`)]);
}

/**
 * A linearized PDF: its linearization dictionary, the first page's cross-reference table and
 * trailer (the one with /Root, /Encrypt and /ID), then `fillerBytes` of the rest of the
 * document, the main table whose trailer names /Size alone, and a startxref naming the first
 * page's table, as Acrobat writes them.
 */
export function linearizedPdfBytes({ encrypted = false, fillerBytes = 200 * 1024 }: { encrypted?: boolean; fillerBytes?: number } = {}): Buffer {
  const objects = bodyObjects(encrypted);
  const size = objects.length + 3;
  const filler = `${size - 1} 0 obj\n<< /Length ${fillerBytes} >>\nstream\n${"0".repeat(fillerBytes)}\nendstream\nendobj\n`;
  let text = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  text += `${size} 0 obj\n<< /Linearized 1 /L 0 /H [0 0] /O 3 /E 0 /N 1 /T 0 >>\nendobj\n`;
  const firstPageXref = text.length;
  const encrypt = encrypted ? ` /Encrypt 5 0 R /ID ${ID}` : "";
  // The table's entries are placeholders here: what is checked is where each trailer is and what it holds.
  text += `xref\n1 ${objects.length}\n${"0000000000 00000 n \n".repeat(objects.length)}trailer\n<< /Size ${size + 1} /Root 1 0 R${encrypt} /Prev 0 >>\nstartxref\n0\n%%EOF\n`;
  objects.forEach((object, index) => {
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  text += filler;
  text += `xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size ${size + 1} >>\nstartxref\n${firstPageXref}\n%%EOF\n`;
  return latin1(text);
}

const CONTAINER = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;
const PACKAGE = `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:isbn:9786237001027</dc:identifier><dc:title>Penjaga Arsip</dc:title><dc:language>id</dc:language></metadata><manifest><item id="bab1" href="bab-1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="bab1"/></spine></package>`;

/** A whole EPUB: "mimetype" stored first, then its container, package and a chapter of `chapterBytes` (deflated, so incompressible text makes the file that large). */
export function epubBytes({ chapterBytes = 4096, comment = "" }: { chapterBytes?: number; comment?: string } = {}): Buffer {
  let chapter = "";
  for (let index = 0; chapter.length < chapterBytes; index++) chapter += `${((index * 2654435761) >>> 0).toString(36)} `;
  return zipBytes(
    [
      storedPart("mimetype", "application/epub+zip"),
      deflatedPart("META-INF/container.xml", CONTAINER),
      deflatedPart("OEBPS/content.opf", PACKAGE),
      deflatedPart("OEBPS/bab-1.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><p>${chapter}</p></body></html>`),
    ],
    comment,
  );
}
