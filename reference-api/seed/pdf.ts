import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";

/**
 * The project's PDF text helpers and its simplest writer (pdf-lib): the seed's book files are a
 * title over paragraphs of Helvetica text; the public documents (`npm run pdfs`,
 * scripts/report-pdf.ts) lay out their own pages with the same helpers. The same input gives the
 * same bytes: no dates, no document id, no generated metadata.
 */

export interface TextDocument {
  title: string;
  /** Separated by a blank line; a "\n" inside one starts a new line. */
  paragraphs: string[];
  page: PageSize;
  /** The Info dictionary's Producer. */
  producer: string;
}

type PageSize = "A4" | "A5";

/** Page size and type in points. */
const LAYOUT: Record<PageSize, { width: number; height: number; margin: number; titleSize: number; textSize: number }> = {
  A4: { width: 595, height: 842, margin: 56, titleSize: 18, textSize: 11 },
  A5: { width: 420, height: 595, margin: 48, titleSize: 14, textSize: 10.5 },
};
const LINE_HEIGHT = 15;

/** Standard 14 fonts know WinAnsi only: other characters are folded (é → e, – stays) or dropped. */
export function encodable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize("NFC")]
    .map((character) => (known.has(character.codePointAt(0)!) ? character : character.normalize("NFKD").replace(/[^\x20-\x7e]/g, "")))
    .join("");
}

/** The text in lines no wider than `maxWidth`, broken between words; "\n" starts a new line. */
export function wrap(font: PDFFont, size: number, maxWidth: number, text: string): string[] {
  const lines: string[] = [];
  for (const paragraphLine of text.split("\n")) {
    let line = "";
    for (const word of paragraphLine.split(/\s+/).filter(Boolean)) {
      const longer = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(longer, size) > maxWidth) {
        lines.push(line);
        line = word;
      } else {
        line = longer;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A5 or A4 pages with the title as a heading on each and the paragraphs wrapped below it. */
export async function textPdf({ title, paragraphs, page, producer }: TextDocument): Promise<Buffer> {
  const { width, height, margin, titleSize, textSize } = LAYOUT[page];
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const heading = encodable(bold, title);
  pdf.setTitle(heading);
  pdf.setProducer(producer);
  pdf.setLanguage("id-ID");

  const lines: string[] = [];
  paragraphs.forEach((paragraph, index) => {
    if (index > 0) lines.push("");
    lines.push(...wrap(regular, textSize, width - 2 * margin, encodable(regular, paragraph)));
  });
  const titleBaseline = height - margin - titleSize;
  const firstBaseline = titleBaseline - 2 * LINE_HEIGHT;
  const linesPerPage = Math.max(1, Math.floor((firstBaseline - margin) / LINE_HEIGHT) + 1);
  for (let start = 0; start < Math.max(lines.length, 1); start += linesPerPage) {
    const sheet = pdf.addPage([width, height]);
    sheet.setFont(bold);
    sheet.drawText(heading, { x: margin, y: titleBaseline, size: titleSize });
    sheet.setFont(regular);
    lines.slice(start, start + linesPerPage).forEach((line, index) => {
      if (line) sheet.drawText(line, { x: margin, y: firstBaseline - index * LINE_HEIGHT, size: textSize });
    });
  }
  // A classic cross-reference table (PDF 1.4 readers, and the seed test, walk it).
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
