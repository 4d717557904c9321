/**
 * A minimal, valid PDF 1.4 writer for the demo book files: A5 pages of Helvetica text with a
 * correct cross-reference table. Text is reduced to printable ASCII (the demo content is
 * Indonesian, which needs no other letters).
 */

const PAGE_WIDTH = 420;
const PAGE_HEIGHT = 595;
const MARGIN = 48;
const LINE_HEIGHT = 15;
const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT - 2 * MARGIN) / LINE_HEIGHT);
const CHARS_PER_LINE = 60;

function pdfString(text: string): string {
  const printable = text
    .normalize("NFKD")
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e]/g, "");
  return `(${printable.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

function wrapText(text: string, width = CHARS_PER_LINE): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else {
        line = line ? `${line} ${word}` : word;
      }
    }
    lines.push(line);
  }
  return lines;
}

function pageContent(title: string, lines: string[]): string {
  const body = lines.map((line) => `${pdfString(line)} Tj T*`).join("\n");
  return [
    "BT",
    `/F2 14 Tf ${MARGIN} ${PAGE_HEIGHT - MARGIN} Td ${pdfString(title)} Tj`,
    `/F1 10.5 Tf ${LINE_HEIGHT} TL 0 -${2 * LINE_HEIGHT} Td`,
    body,
    "ET",
  ].join("\n");
}

/** Builds a PDF whose pages carry `title` as a heading and `text` wrapped below it. */
export function createPdf(title: string, text: string): Buffer {
  const lines = wrapText(text);
  const pages: string[][] = [];
  const usable = LINES_PER_PAGE - 3;
  for (let i = 0; i < Math.max(lines.length, 1); i += usable) pages.push(lines.slice(i, i + usable));

  // Object numbers: 1 catalog, 2 page tree, 3-4 fonts, 5 info, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  objects[5] = `<< /Title ${pdfString(title)} /Producer (reference-api) >>`;
  pages.forEach((pageLines, index) => {
    const content = pageContent(title, pageLines);
    objects[pageIds[index]] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[index] + 1} 0 R >>`;
    objects[pageIds[index] + 1] = `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`;
  });

  let output = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(output, "latin1");
    output += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefOffset = Buffer.byteLength(output, "latin1");
  output += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) output += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  output += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(output, "latin1");
}
