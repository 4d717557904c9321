import { truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { deflatedPart, SHEET_CLOSE, SHEET_OPEN, workbookParts, writeZip, type ZipPart } from "./zip-parts";

/**
 * The bad table files of the hard suite, each written to a given folder: `expect` is what the
 * admin must see, the reader's Indonesian refusal (`refused: true`) or, for a file read as it
 * should be, a text its rows show.
 */

export interface BadTableFile {
  name: string;
  path: string;
  refused: boolean;
  expect: RegExp;
}

const MiB = 1024 * 1024;

async function written(dir: string, name: string, content: string | Buffer, refused: boolean, expect: RegExp): Promise<BadTableFile> {
  const file = path.join(dir, name);
  await writeFile(file, content);
  return { name, path: file, refused, expect };
}

export async function overSizeLimit(dir: string): Promise<BadTableFile> {
  const file = await written(dir, "terlalu-besar.csv", "Judul;ISBN\n", true, /Berkas “terlalu-besar\.csv” terlalu besar: batasnya 20 MB\./);
  await truncate(file.path, 20 * MiB + 1);
  return file;
}

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0a8a20000000049454e44ae426082", "hex");

export const pngNamedXlsx = (dir: string) => written(dir, "sampul.xlsx", PNG, true, /Berkas “sampul\.xlsx” bukan berkas XLSX atau CSV\./);

export const pdfNamedCsv = (dir: string) =>
  written(dir, "katalog.csv", Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n", "latin1"), true, /Berkas “katalog\.csv” bukan berkas XLSX atau CSV\./);

/** A sheet of 2 GiB of zeros in one cell, deflated in a few MB: 1 MiB of zeros deflated once and repeated. */
export async function xlsxZipBomb(dir: string, options: { declaredBytes?: number } = {}): Promise<BadTableFile> {
  const prefix = Buffer.from(`${SHEET_OPEN}<row r="1"><c r="A1" t="inlineStr"><is><t>`);
  const suffix = Buffer.from(`</t></is></c></row>${SHEET_CLOSE}`);
  const zeros = Buffer.alloc(MiB, "0");
  const repeats = 2048;
  const flushed = { finishFlush: constants.Z_FULL_FLUSH };
  const block = deflateRawSync(zeros, flushed);
  let crc = crc32(prefix);
  for (let i = 0; i < repeats; i++) crc = crc32(zeros, crc);
  const sheet: ZipPart = {
    name: "xl/worksheets/sheet1.xml",
    deflated: Buffer.concat([deflateRawSync(prefix, flushed), ...Array.from({ length: repeats }, () => block), deflateRawSync(suffix)]),
    crc: crc32(suffix, crc),
    uncompressedSize: options.declaredBytes ?? prefix.length + repeats * MiB + suffix.length,
  };
  const name = options.declaredBytes === undefined ? "bom-zip.xlsx" : "bom-zip-menyamar.xlsx";
  const file = path.join(dir, name);
  await writeZip(file, workbookParts(sheet));
  return { name, path: file, refused: true, expect: new RegExp(`Berkas “${name.replace(".", "\\.")}” (ditolak: isinya setelah dibuka|memuat sel yang terlalu panjang)`) };
}

/** The XML of 1,048,576 rows (Excel's most), each its own number under `title`, written piece by piece into one buffer. */
function millionRowsXml(title: string): Buffer {
  const pieces = ['<row r="', '"><c r="A', '"><v>', "</v></c></row>"].map((piece) => Buffer.from(piece));
  const head = Buffer.from(`${SHEET_OPEN}<row r="1"><c r="A1" t="inlineStr"><is><t>${title}</t></is></c></row>`);
  const tail = Buffer.from(SHEET_CLOSE);
  const rows = 1_048_576;
  const fixed = pieces.reduce((sum, piece) => sum + piece.length, 0);
  let size = head.length + tail.length;
  for (let r = 2; r <= rows; r++) size += fixed + 3 * String(r).length;
  const xml = Buffer.alloc(size);
  xml.set(head, 0);
  let at = head.length;
  for (let r = 2; r <= rows; r++) {
    const digits = String(r);
    for (const [index, piece] of pieces.entries()) {
      xml.set(piece, at);
      at += piece.length;
      if (index < 3) at += xml.write(digits, at, "latin1");
    }
  }
  xml.set(tail, at);
  return xml;
}

/** `title`: the column's name (a list's own, "Judul", takes the import past the header to the row limit). */
export async function xlsxMillionRows(dir: string, { title = "Nomor induk" }: { title?: string } = {}): Promise<BadTableFile> {
  const name = title === "Nomor induk" ? "sejuta-baris.xlsx" : "sejuta-judul.xlsx";
  const file = path.join(dir, name);
  await writeZip(file, workbookParts(deflatedPart("xl/worksheets/sheet1.xml", millionRowsXml(title))));
  return { name, path: file, refused: true, expect: new RegExp(`Berkas “${name.replace(".", "\\.")}”, baris 50\\.002: lebih dari 50\\.000 baris data`) };
}

export const csvWindows1252 = (dir: string) =>
  written(dir, "ansi.csv", Buffer.from("Judul;Penerbit\r\nPendidikan Anak Usia Dini \x96 Caf\xe9;Kencana\r\n", "latin1"), false, /Pendidikan Anak Usia Dini – Café/);

/** UTF-8 with one pasted Windows-1252 byte: read as UTF-8, that byte as "�" (the row says so), the rest as written. */
export const csvMixedEncodings = (dir: string) =>
  written(dir, "campuran-1252.csv", Buffer.concat([Buffer.from("Judul;Penerbit\nPengetahuan — Édisi Caf"), Buffer.from([0xe9]), Buffer.from(";Kencana\n")]), false, /^Pengetahuan — Édisi Caf\uFFFD$/);

export const csvWithBom = (dir: string) => written(dir, "bom.csv", `\uFEFFJudul,ISBN\r\nBumi Manusia,9789799731234\r\n`, false, /^Judul$/);

/** The header and most rows split by ";", two rows by ",": those come as one cell each. */
export const csvMixedSeparators = (dir: string) =>
  written(dir, "campur.csv", "Judul;Pengarang;Tahun\nLaskar Pelangi;Hirata, Andrea;2005\nSang Pemimpi,Andrea Hirata,2006\nBumi Manusia;Toer, Pramoedya;1980\nEdensor,Andrea Hirata,2007\n", false, /^Sang Pemimpi,Andrea Hirata,2006$/);

export const csvTenThousandColumns = (dir: string) =>
  written(dir, "kolom-banyak.csv", `Judul,ISBN\n${Array.from({ length: 10_000 }, (_, i) => `k${i}`).join(",")}\n`, true, /Berkas “kolom-banyak\.csv”, baris 2: lebih dari 200 kolom\./);

/** Every cell a formula, HTML or a leading apostrophe: read as text, as written. */
export const csvFormulasAndHtml = (dir: string) =>
  written(dir, "rumus.csv", `Judul,Catatan,Kode\n"=HYPERLINK(""http://x.test"",""klik"")",<script>alert(1)</script>,'0812\n=1+1,<b>tebal</b>,@SUM(A1)\n`, false, /^=HYPERLINK\("http:\/\/x\.test","klik"\)$/);

export const ALL_BAD_TABLE_FILES = [
  overSizeLimit, pngNamedXlsx, pdfNamedCsv, xlsxZipBomb, xlsxMillionRows, csvWindows1252, csvMixedEncodings, csvWithBom, csvMixedSeparators, csvTenThousandColumns, csvFormulasAndHtml,
];
