import { FILE_MESSAGES } from "~/lib/file-kinds";
import type { EndCheck } from "./end-check.server.ts";

/**
 * A book file's end, judged from its first and last bytes alone (a book may be hundreds of MB):
 *
 * - a PDF is cut short when no `%%EOF` lies in its last 1,024 bytes, where PDF readers look for
 *   it (Acrobat's rule). Only NULs or whitespace after a `%%EOF` further back (a file padded to a
 *   block's size) is not a cut: the file is whole, so it passes.
 * - a PDF is password-protected when the trailer that governs it has an `/Encrypt` entry: the
 *   last classic trailer, the cross-reference stream's dictionary `startxref` names, or a
 *   linearized file's first-page trailer near its start. Where none of these lies in the bytes
 *   read (a cross-reference stream over 64 KiB, a first-page table far from the start), the PDF
 *   is taken as not encrypted: a refusal must be sure.
 * - an EPUB (a ZIP) is cut short without its end-of-central-directory record, which ends the file
 *   (after a comment of at most 64 KiB) and says where the directory before it lies.
 */

/** How much of a PDF's start and end is read: a trailer with its table's end, a cross-reference stream of some ten thousand objects. */
const PDF_WINDOW_BYTES = 64 * 1024;
/** Where PDF readers look for `%%EOF`. */
const PDF_EOF_WITHIN_BYTES = 1024;
/** The end-of-central-directory record and the longest comment after it. */
const EOCD_BYTES = 22;
const EPUB_TAIL_BYTES = EOCD_BYTES + 0xffff;
const EOCD_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

export const pdfEnd = (): EndCheck => ({
  headBytes: PDF_WINDOW_BYTES,
  tailBytes: PDF_WINDOW_BYTES,
  judge(headBytes, tailBytes, length) {
    const tail = tailBytes.toString("latin1");
    const eof = tail.lastIndexOf("%%EOF");
    if (eof < 0 || (tail.length - eof > PDF_EOF_WITHIN_BYTES && !/^[\0\t\n\f\r ]*$/.test(tail.slice(eof + 5)))) return FILE_MESSAGES.brokenPdf;
    return isEncrypted(headBytes.toString("latin1"), tail, length) ? FILE_MESSAGES.lockedPdf : undefined;
  },
});

function isEncrypted(head: string, tail: string, length: number): boolean {
  const tailStart = length - tail.length;
  const startxref = tail.lastIndexOf("startxref");
  // The dictionaries that may govern the file: where to look for each one's opening `<<`, in which text.
  const governing: Array<[string, number]> = [];
  // The last `trailer` keyword before it (one in a string's text has no white space before it, as a rule).
  let trailer = startxref;
  do trailer = trailer <= 0 ? -1 : tail.lastIndexOf("trailer", trailer - 1);
  while (trailer > 0 && !WHITE_SPACE.test(tail[trailer - 1]));
  if (trailer >= 0) governing.push([tail, trailer]);
  // The section startxref names: a cross-reference stream (`12 0 obj <<`), or a table whose trailer is the next dictionary.
  const offset = startxref < 0 ? Number.NaN : Number(/^\s*(\d{1,15})/.exec(tail.slice(startxref + 9, startxref + 40))?.[1]);
  if (offset >= tailStart) governing.push([tail, offset - tailStart]);
  else if (offset < head.length) governing.push([head, offset]);
  // A linearized file's first-page trailer (or stream) follows its linearization dictionary.
  const linearized = head.indexOf("/Linearized");
  if (linearized >= 0) governing.push([head, head.indexOf("endobj", linearized)]);
  return governing.some(([text, from]) => from >= 0 && hasEncryptEntry(text, from));
}

const NAME = /\/[^\0\t\n\f\r ()<>[\]{}/%]*/y;
const LINE_END = /[\r\n]/g;
const WHITE_SPACE = /[\0\t\n\f\r ]/;

/** Whether the first dictionary at or after `from` has an `/Encrypt` entry of its own (nested ones and strings passed over). */
function hasEncryptEntry(text: string, from: number): boolean {
  const start = text.indexOf("<<", from);
  if (start < 0) return false;
  let depth = 0;
  for (let at = start; at < text.length; ) {
    const opens = text.startsWith("<<", at);
    if (opens || text.startsWith(">>", at)) {
      depth += opens ? 1 : -1;
      if (depth === 0) return false;
      at += 2;
    } else if (text[at] === "(") at = afterLiteralString(text, at);
    else if (text[at] === "<") at = text.indexOf(">", at) + 1 || text.length;
    else if (text[at] === "%") {
      LINE_END.lastIndex = at;
      at = LINE_END.exec(text)?.index ?? text.length;
    } else if (text[at] === "/") {
      NAME.lastIndex = at;
      const name = NAME.exec(text)?.[0] ?? "/";
      if (depth === 1 && name === "/Encrypt") return true;
      at += name.length;
    } else at++;
  }
  return false;
}

/** Past a literal string `( … )`: balanced parentheses, a backslash escaping the next character. */
function afterLiteralString(text: string, at: number): number {
  let depth = 0;
  for (; at < text.length; at++) {
    if (text[at] === "\\") at++;
    else if (text[at] === "(") depth++;
    else if (text[at] === ")" && --depth === 0) return at + 1;
  }
  return text.length;
}

export const epubEnd = (): EndCheck => ({
  headBytes: 0,
  tailBytes: EPUB_TAIL_BYTES,
  judge(_head, tail, length) {
    for (let at = tail.lastIndexOf(EOCD_SIGNATURE); at >= 0; at = at > 0 ? tail.lastIndexOf(EOCD_SIGNATURE, at - 1) : -1) {
      if (at + EOCD_BYTES > tail.length || at + EOCD_BYTES + tail.readUInt16LE(at + 20) > tail.length) continue;
      // The directory it names lies before it (ZIP64 keeps its figures elsewhere): a signature in compressed data would not.
      const size = tail.readUInt32LE(at + 12);
      const offset = tail.readUInt32LE(at + 16);
      if (size === 0xffffffff || offset === 0xffffffff || offset + size <= length - tail.length + at) return undefined;
    }
    return FILE_MESSAGES.brokenEpub;
  },
});
