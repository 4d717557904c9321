import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { FILE_SNIFF_BYTES } from "~/lib/file-kinds";
import { refuse, TABLE_FILE_LIMITS } from "./refusals.server";

/**
 * What a stored table file is, from its content, never its name: a zip (an XLSX when it holds a
 * workbook, which the XLSX reader checks), or text in one of the encodings a spreadsheet program
 * or SLiMS writes. Anything else (a PDF, an image, other binary data) is refused here.
 */

export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export type SniffedFile = { kind: "zip" } | { kind: "text"; encoding: TextEncoding; bomBytes: number };

/** The leading bytes looked at: enough to see a binary file for what it is and to guess a CSV's separator. */
export const HEAD_BYTES = 64 * 1024;

const ZIP_SIGNATURES = [Buffer.from("PK\x03\x04", "latin1"), Buffer.from("PK\x05\x06", "latin1")];

export async function readHead(path: string, bytes = HEAD_BYTES): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function byteOrderMark(head: Buffer): { encoding: TextEncoding; bomBytes: number } | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: "utf-8", bomBytes: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: "utf-16le", bomBytes: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: "utf-16be", bomBytes: 2 };
  return undefined;
}

/** Text has no NUL and hardly any other control character (tab, line ends and form feed aside). */
function looksLikeText(text: string): boolean {
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return false;
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) || code === 0x7f) controls++;
  }
  return controls * 100 <= text.length;
}

/**
 * Whether the file is UTF-8, read in chunks (memory stays flat): valid throughout, or with more
 * characters written in UTF-8 than bytes it cannot read (a file saved in UTF-8 with one pasted
 * Windows-1252 character: read as Windows-1252, its every "—" and "É" came out garbled; read as
 * UTF-8, only that one shows as "�").
 */
async function isUtf8(path: string, signal?: AbortSignal): Promise<boolean> {
  const decoder = new TextDecoder("utf-8");
  let written = 0;
  let unreadable = 0;
  const count = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 0xfffd) unreadable += 1;
      else if (code > 0x7f && (code < 0xdc00 || code > 0xdfff)) written += 1;
    }
  };
  for await (const chunk of createReadStream(path, { signal })) count(decoder.decode(chunk as Buffer, { stream: true }));
  count(decoder.decode());
  return unreadable === 0 || written > unreadable;
}

async function isKnownBinary(head: Buffer): Promise<boolean> {
  try {
    const { fileTypeFromBuffer } = await import("file-type");
    const detected = await fileTypeFromBuffer(head.subarray(0, FILE_SNIFF_BYTES));
    return detected !== undefined && !detected.mime.startsWith("text/");
  } catch {
    return true;
  }
}

export async function sniffTableFile(path: string, fileName: string, signal?: AbortSignal): Promise<SniffedFile> {
  const { size } = await stat(path).catch(() => {
    throw refuse.unreadable(fileName);
  });
  if (size === 0) throw refuse.empty(fileName);
  if (size > TABLE_FILE_LIMITS.maxBytes) throw refuse.tooLarge(fileName);
  const head = await readHead(path);
  if (ZIP_SIGNATURES.some((signature) => head.subarray(0, 4).equals(signature))) return { kind: "zip" };
  const marked = byteOrderMark(head);
  if (marked && head.length === marked.bomBytes) throw refuse.empty(fileName);
  if (!marked && (await isKnownBinary(head))) throw refuse.notTable(fileName);
  if (marked && marked.encoding !== "utf-8") {
    const units = head.subarray(marked.bomBytes, marked.bomBytes + (head.length - marked.bomBytes - ((head.length - marked.bomBytes) % 2)));
    if (!looksLikeText(new TextDecoder(marked.encoding).decode(units))) throw refuse.notTable(fileName);
    return { kind: "text", ...marked };
  }
  if (!looksLikeText(head.toString("latin1"))) throw refuse.notTable(fileName);
  if (marked) return { kind: "text", ...marked };
  return { kind: "text", encoding: (await isUtf8(path, signal)) ? "utf-8" : "windows-1252", bomBytes: 0 };
}
