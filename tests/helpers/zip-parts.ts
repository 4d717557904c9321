import { writeFile } from "node:fs/promises";
import { crc32, deflateRawSync } from "node:zlib";

/**
 * A zip written part by part, for test files a zip library would not write: parts whose deflated
 * data is made in pieces (a bomb of gigabytes in a few megabytes), or whose declared size lies.
 */

export interface ZipPart {
  name: string;
  /** Raw deflate data (method 8), or the bytes themselves when `stored`. */
  deflated: Buffer;
  crc: number;
  uncompressedSize: number;
  /** Method 0: kept as it is (an EPUB's first part, "mimetype", must be). */
  stored?: boolean;
}

/** A part from its text, deflated whole. */
export function deflatedPart(name: string, text: string | Buffer): ZipPart {
  const data = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  return { name, deflated: deflateRawSync(data), crc: crc32(data), uncompressedSize: data.length };
}

/** A part kept uncompressed. */
export function storedPart(name: string, text: string | Buffer): ZipPart {
  const data = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  return { name, deflated: data, crc: crc32(data), uncompressedSize: data.length, stored: true };
}

export async function writeZip(path: string, parts: ZipPart[]): Promise<void> {
  await writeFile(path, zipBytes(parts));
}

/** The zip's bytes: each part's local header and data, the central directory, its end record (with `comment`). */
export function zipBytes(parts: ZipPart[], comment = ""): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(part.stored ? 0 : 8, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.deflated.length, 18);
    local.writeUInt32LE(part.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(part.stored ? 0 : 8, 10);
    entry.writeUInt32LE(part.crc >>> 0, 16);
    entry.writeUInt32LE(part.deflated.length, 20);
    entry.writeUInt32LE(part.uncompressedSize, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    chunks.push(local, name, part.deflated);
    central.push(entry, name);
    offset += local.length + name.length + part.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  const commentBytes = Buffer.from(comment, "utf8");
  end.writeUInt16LE(commentBytes.length, 20);
  return Buffer.concat([...chunks, directory, end, commentBytes]);
}

export const SHEET_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The parts of a one-sheet workbook around a sheet part (inline strings: no shared strings, no styles). */
export function workbookParts(sheet: ZipPart): ZipPart[] {
  return [
    deflatedPart(
      "[Content_Types].xml",
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    deflatedPart(
      "_rels/.rels",
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    deflatedPart(
      "xl/workbook.xml",
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Katalog" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    deflatedPart(
      "xl/_rels/workbook.xml.rels",
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    sheet,
  ];
}

export const SHEET_OPEN = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SHEET_NS}"><sheetData>`;
export const SHEET_CLOSE = "</sheetData></worksheet>";
