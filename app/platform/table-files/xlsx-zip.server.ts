import { Transform, type Readable } from "node:stream";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { refuse, TABLE_FILE_LIMITS, TableFileRefused } from "./refusals.server";

/**
 * An XLSX file's zip, opened with yauzl: from its central directory (read first, nothing
 * inflated) each part's declared size and compression ratio are checked before it is opened, and
 * while it inflates a running count holds it to its bound (yauzl also stops a part that inflates
 * past its declared size) and refuses a text run between two tags longer than any cell may be,
 * before the XML parser gathers it.
 */

export interface XlsxZip {
  has(part: string): boolean;
  /** Refuses the part, from its declaration in the central directory, when it would inflate past `maxBytes` or by too great a ratio. */
  checkDeclared(part: string, maxBytes: number): void;
  /** The part inflated, counted against `maxBytes`; refused before inflating when its declaration exceeds it. */
  open(part: string, maxBytes: number): Promise<Readable>;
  close(): void;
}

const LT = 0x3c;

/** Counts the inflated bytes of one part and the bytes since its last `<`. */
function counted(fileName: string, maxBytes: number): Transform {
  let total = 0;
  let sinceTag = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > maxBytes) return done(refuse.inflatesTooMuch(fileName));
      const last = chunk.lastIndexOf(LT);
      if (last === -1) sinceTag += chunk.length;
      else {
        const first = chunk.indexOf(LT);
        if (sinceTag + first > TABLE_FILE_LIMITS.maxXmlTextRunBytes) return done(refuse.textRunTooLong(fileName));
        let previous = first;
        for (let at = chunk.indexOf(LT, first + 1); at !== -1; at = chunk.indexOf(LT, at + 1)) {
          if (at - previous > TABLE_FILE_LIMITS.maxXmlTextRunBytes) return done(refuse.textRunTooLong(fileName));
          previous = at;
        }
        sinceTag = chunk.length - last - 1;
      }
      if (sinceTag > TABLE_FILE_LIMITS.maxXmlTextRunBytes) return done(refuse.textRunTooLong(fileName));
      done(null, chunk);
    },
  });
}

function declaredTooLarge(entry: Entry, maxBytes: number): boolean {
  if (entry.uncompressedSize > maxBytes) return true;
  if (entry.uncompressedSize < TABLE_FILE_LIMITS.ratioFloorBytes) return false;
  return entry.uncompressedSize > Math.max(entry.compressedSize, 1) * TABLE_FILE_LIMITS.maxCompressionRatio;
}

async function entriesOf(zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve());
    zip.on("error", reject);
    zip.readEntry();
  });
  return entries;
}

/** The zip's parts by name; refused when it is not a zip, has too many parts, or holds no workbook. */
export async function openXlsxZip(path: string, fileName: string): Promise<XlsxZip> {
  let zip: ZipFile;
  let entries: Map<string, Entry>;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw refuse.corruptXlsx(fileName);
  }
  try {
    if (zip.entryCount > TABLE_FILE_LIMITS.maxZipEntries) throw refuse.corruptXlsx(fileName);
    entries = await entriesOf(zip);
    if (!entries.has("xl/workbook.xml")) throw refuse.notTable(fileName);
  } catch (error) {
    zip.close();
    throw error instanceof TableFileRefused ? error : refuse.corruptXlsx(fileName);
  }
  const opened = new Set<Readable>();
  const declared = (part: string, maxBytes: number): Entry => {
    const entry = entries.get(part);
    if (entry === undefined) throw refuse.corruptXlsx(fileName);
    if (declaredTooLarge(entry, maxBytes)) throw refuse.inflatesTooMuch(fileName);
    return entry;
  };
  return {
    has: (part) => entries.has(part),
    checkDeclared(part, maxBytes) {
      declared(part, maxBytes);
    },
    async open(part, maxBytes) {
      const entry = declared(part, maxBytes);
      if (entry.isEncrypted() || !entry.canDecodeFileData()) throw refuse.corruptXlsx(fileName);
      const inflating = await zip.openReadStreamPromise(entry).catch(() => {
        throw refuse.corruptXlsx(fileName);
      });
      const counting = counted(fileName, maxBytes);
      inflating.on("error", (error: Error) =>
        counting.destroy(/too many bytes/i.test(error.message) ? refuse.inflatesTooMuch(fileName) : refuse.corruptXlsx(fileName)),
      );
      counting.on("close", () => inflating.destroy());
      inflating.pipe(counting);
      opened.add(counting);
      return counting;
    },
    close() {
      for (const stream of opened) stream.destroy();
      zip.close();
    },
  };
}
