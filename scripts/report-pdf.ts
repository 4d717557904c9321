import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { encodable, wrap } from "../reference-api/seed/pdf.ts";

/**
 * The public documents' layout (scripts/generate-pdfs.ts): a cover page, a table of contents with
 * the page of every chapter and section, then chapters of headings, paragraphs, lists and tables
 * (a table's header repeated on each page it runs over), each page numbered in its footer. A4,
 * Helvetica (the PDF's own fonts: nothing embedded, the files stay small); the same input gives
 * the same bytes (pdf.ts).
 */

export type Block =
  /** A chapter ("BAB I ...") starts a page; a section does not. Both are listed in the contents. */
  | { kind: "chapter" | "section"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "table"; caption: string; columns: Array<{ header: string; width: number; numeric?: boolean }>; rows: string[][] };

export interface Report {
  title: string;
  /** Under the title on the cover, e.g. "Tahun 2026". */
  subtitle: string;
  blocks: Block[];
}

const PAGE = { width: 595, height: 842, margin: 56 };
const TEXT = 10.5;
const LINE = 14.5;
const INK = rgb(0.1, 0.12, 0.16);
const BLUE = rgb(0.04, 0.36, 0.56);
const PALE = rgb(0.9, 0.94, 0.97);
const RULE = rgb(0.7, 0.75, 0.8);
const AGENCY = "DINAS PERPUSTAKAAN DAN KEARSIPAN";
const DISTRICT = "KABUPATEN LEMBAH ASRI";

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Where the next line goes, and the pages so far; a new page when the next thing would not fit. */
class Cursor {
  y = 0;
  page!: PDFPage;
  readonly pages: PDFPage[] = [];

  private readonly pdf: PDFDocument;

  constructor(pdf: PDFDocument) {
    this.pdf = pdf;
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - PAGE.margin - 10;
  }

  /** Makes room for `height`, turning the page when it is not there. */
  room(height: number): void {
    if (this.y - height < PAGE.margin + 20) this.newPage();
  }
}

const contentWidth = PAGE.width - 2 * PAGE.margin;

function drawLines(cursor: Cursor, font: PDFFont, size: number, lines: string[], x = PAGE.margin, color = INK): void {
  for (const line of lines) {
    cursor.room(LINE);
    cursor.page.drawText(line, { x, y: cursor.y, size, font, color });
    cursor.y -= LINE;
  }
}

function drawTable(cursor: Cursor, fonts: Fonts, table: Extract<Block, { kind: "table" }>): void {
  const total = table.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = table.columns.map((column) => (column.width / total) * contentWidth);
  const size = 9;
  const cellLines = (cells: string[], font: PDFFont) => cells.map((cell, i) => wrap(font, size, widths[i] - 8, encodable(font, cell)));
  const drawRow = (cells: string[][], font: PDFFont, header: boolean) => {
    const height = Math.max(...cells.map((lines) => lines.length)) * 12 + 8;
    if (header) cursor.page.drawRectangle({ x: PAGE.margin, y: cursor.y - height, width: contentWidth, height, color: PALE });
    let x = PAGE.margin;
    cells.forEach((lines, i) => {
      lines.forEach((line, index) => {
        const offset = table.columns[i].numeric && !header ? widths[i] - 4 - font.widthOfTextAtSize(line, size) : 4;
        cursor.page.drawText(line, { x: x + offset, y: cursor.y - 13 - index * 12, size, font, color: INK });
      });
      x += widths[i];
    });
    cursor.page.drawLine({ start: { x: PAGE.margin, y: cursor.y - height }, end: { x: PAGE.margin + contentWidth, y: cursor.y - height }, thickness: 0.5, color: RULE });
    cursor.y -= height;
  };
  const header = cellLines(table.columns.map((column) => column.header), fonts.bold);
  const headerHeight = Math.max(...header.map((lines) => lines.length)) * 12 + 8;
  cursor.room(LINE + headerHeight + 30);
  drawLines(cursor, fonts.bold, 9.5, [encodable(fonts.bold, table.caption)]);
  drawRow(header, fonts.bold, true);
  for (const row of table.rows) {
    const cells = cellLines(row, fonts.regular);
    const height = Math.max(...cells.map((lines) => lines.length)) * 12 + 8;
    if (cursor.y - height < PAGE.margin + 20) {
      cursor.newPage();
      drawRow(header, fonts.bold, true);
    }
    drawRow(cells, fonts.regular, false);
  }
  cursor.y -= LINE;
}

/** Lays the chapters out from the page after the contents; gives the page (1-based) of each heading. */
function layBody(cursor: Cursor, fonts: Fonts, blocks: Block[], firstPage: number): Array<{ block: Block; page: number }> {
  const headings: Array<{ block: Block; page: number }> = [];
  blocks.forEach((block, index) => {
    switch (block.kind) {
      case "chapter":
        if (index > 0) cursor.newPage();
        headings.push({ block, page: firstPage + cursor.pages.length - 1 });
        drawLines(cursor, fonts.bold, 15, wrap(fonts.bold, 15, contentWidth, encodable(fonts.bold, block.text)), PAGE.margin, BLUE);
        cursor.y -= 8;
        break;
      case "section":
        cursor.room(LINE * 4);
        cursor.y -= 4;
        headings.push({ block, page: firstPage + cursor.pages.length - 1 });
        drawLines(cursor, fonts.bold, 11.5, wrap(fonts.bold, 11.5, contentWidth, encodable(fonts.bold, block.text)));
        cursor.y -= 2;
        break;
      case "paragraph":
        drawLines(cursor, fonts.regular, TEXT, wrap(fonts.regular, TEXT, contentWidth, encodable(fonts.regular, block.text)));
        cursor.y -= 6;
        break;
      case "list":
        block.items.forEach((item, i) => {
          const lines = wrap(fonts.regular, TEXT, contentWidth - 18, encodable(fonts.regular, item));
          cursor.room(LINE * Math.min(lines.length, 2));
          cursor.page.drawText(`${i + 1}.`, { x: PAGE.margin, y: cursor.y, size: TEXT, font: fonts.regular, color: INK });
          drawLines(cursor, fonts.regular, TEXT, lines, PAGE.margin + 18);
        });
        cursor.y -= 6;
        break;
      case "table":
        drawTable(cursor, fonts, block);
        break;
    }
  });
  return headings;
}

function drawCover(page: PDFPage, fonts: Fonts, report: Report): void {
  page.drawRectangle({ x: 0, y: PAGE.height - 250, width: PAGE.width, height: 250, color: BLUE });
  page.drawRectangle({ x: 0, y: PAGE.height - 262, width: PAGE.width, height: 12, color: rgb(0.95, 0.66, 0) });
  page.drawText(encodable(fonts.bold, "PEMERINTAH KABUPATEN LEMBAH ASRI"), { x: PAGE.margin, y: PAGE.height - 90, size: 12, font: fonts.bold, color: rgb(1, 1, 1) });
  page.drawText(AGENCY, { x: PAGE.margin, y: PAGE.height - 112, size: 16, font: fonts.bold, color: rgb(1, 1, 1) });
  let y = PAGE.height - 380;
  for (const line of wrap(fonts.bold, 28, contentWidth, encodable(fonts.bold, report.title.toUpperCase()))) {
    page.drawText(line, { x: PAGE.margin, y, size: 28, font: fonts.bold, color: INK });
    y -= 36;
  }
  page.drawText(encodable(fonts.regular, report.subtitle), { x: PAGE.margin, y: y - 10, size: 16, font: fonts.regular, color: BLUE });
  page.drawText("Jl. Pahlawan No. 17, Kelurahan Sukajadi, Kecamatan Kota, Kabupaten Lembah Asri", { x: PAGE.margin, y: 90, size: 9.5, font: fonts.regular, color: INK });
  page.drawText("Telepon (0265) 123456  |  dispusip@lembahasri.example.id", { x: PAGE.margin, y: 74, size: 9.5, font: fonts.regular, color: INK });
}

const TOC_ROWS_PER_PAGE = 38;

function drawContents(pages: PDFPage[], fonts: Fonts, headings: Array<{ block: Block; page: number }>): void {
  pages[0].drawText("DAFTAR ISI", { x: PAGE.margin, y: PAGE.height - PAGE.margin - 10, size: 15, font: fonts.bold, color: BLUE });
  headings.forEach(({ block, page }, index) => {
    const sheet = pages[Math.floor(index / TOC_ROWS_PER_PAGE)];
    const y = PAGE.height - PAGE.margin - 44 - (index % TOC_ROWS_PER_PAGE) * 17;
    const chapter = block.kind === "chapter";
    const font = chapter ? fonts.bold : fonts.regular;
    const x = PAGE.margin + (chapter ? 0 : 16);
    const text = encodable(font, block.kind === "chapter" || block.kind === "section" ? block.text : "");
    const number = String(page);
    const numberX = PAGE.margin + contentWidth - fonts.regular.widthOfTextAtSize(number, TEXT);
    sheet.drawText(text, { x, y, size: TEXT, font, color: INK });
    // Dotted leaders from the heading to its page number.
    const from = x + font.widthOfTextAtSize(text, TEXT) + 6;
    const dots = ".".repeat(Math.max(0, Math.floor((numberX - 6 - from) / fonts.regular.widthOfTextAtSize(".", TEXT))));
    sheet.drawText(dots, { x: from, y, size: TEXT, font: fonts.regular, color: RULE });
    sheet.drawText(number, { x: numberX, y, size: TEXT, font: fonts.regular, color: INK });
  });
}

/** Each page after the cover: the agency over a rule at the top, the document and "Halaman n dari m" at the bottom. */
function drawFrames(pages: PDFPage[], fonts: Fonts, title: string): void {
  pages.forEach((page, index) => {
    if (index === 0) return;
    page.drawText(`${AGENCY} ${DISTRICT}`, { x: PAGE.margin, y: PAGE.height - 36, size: 8, font: fonts.bold, color: BLUE });
    page.drawLine({ start: { x: PAGE.margin, y: PAGE.height - 42 }, end: { x: PAGE.width - PAGE.margin, y: PAGE.height - 42 }, thickness: 0.6, color: RULE });
    page.drawLine({ start: { x: PAGE.margin, y: 44 }, end: { x: PAGE.width - PAGE.margin, y: 44 }, thickness: 0.6, color: RULE });
    page.drawText(encodable(fonts.regular, title), { x: PAGE.margin, y: 30, size: 8, font: fonts.regular, color: INK });
    const number = `Halaman ${index + 1} dari ${pages.length}`;
    page.drawText(number, { x: PAGE.width - PAGE.margin - fonts.regular.widthOfTextAtSize(number, 8), y: 30, size: 8, font: fonts.regular, color: INK });
  });
}

export async function reportPdf(report: Report): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  pdf.setTitle(encodable(fonts.bold, report.title));
  pdf.setAuthor(`${AGENCY} ${DISTRICT}`);
  pdf.setProducer("dispusip-web");
  pdf.setLanguage("id-ID");

  drawCover(pdf.addPage([PAGE.width, PAGE.height]), fonts, report);
  const headingCount = report.blocks.filter((block) => block.kind === "chapter" || block.kind === "section").length;
  const contents = Array.from({ length: Math.max(1, Math.ceil(headingCount / TOC_ROWS_PER_PAGE)) }, () => pdf.addPage([PAGE.width, PAGE.height]));
  const firstBodyPage = 2 + contents.length;
  const headings = layBody(new Cursor(pdf), fonts, report.blocks, firstBodyPage);
  drawContents(contents, fonts, headings);
  drawFrames(pdf.getPages(), fonts, report.title);
  // A classic cross-reference table, as pdf.ts writes.
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
