import { FILE_MESSAGES } from "~/lib/file-kinds";
import { asLatin1, lastIndexOfBytes, uint16LE, uint32LE, type EndCheck } from "./end-check.ts";

/**
 * A book file's end, judged from its first and last bytes alone (a book may be hundreds of MB):
 *
 * - a PDF is cut short when no `%%EOF` lies in its last 1,024 bytes, where PDF readers look for
 *   it (Acrobat's rule). Only NULs or whitespace after a `%%EOF` further back (a file padded to a
 *   block's size) is not a cut: the file is whole, so it passes.
 * - an encrypted PDF passes: most carry only an owner password, restricting copying or printing,
 *   and open without one (many an office's PDFs are made so); which kind it is, the file's ends
 *   cannot tell without the key's computation over its encryption dictionary.
 * - an EPUB (a ZIP) is cut short without its end-of-central-directory record, which ends the file
 *   (after a comment of at most 64 KiB) and says where the directory before it lies.
 */

/** How much of a PDF's end is read: its `%%EOF`, and padding after it up to a block's size. */
const PDF_TAIL_BYTES = 64 * 1024;
/** Where PDF readers look for `%%EOF`. */
const PDF_EOF_WITHIN_BYTES = 1024;
/** The end-of-central-directory record and the longest comment after it. */
const EOCD_BYTES = 22;
const EPUB_TAIL_BYTES = EOCD_BYTES + 0xffff;
const EOCD_SIGNATURE = new Uint8Array([0x50, 0x4b, 0x05, 0x06]);

export const pdfEnd = (): EndCheck => ({
  headBytes: 0,
  tailBytes: PDF_TAIL_BYTES,
  judge(_head, tailBytes) {
    const tail = asLatin1(tailBytes);
    const eof = tail.lastIndexOf("%%EOF");
    return eof < 0 || (tail.length - eof > PDF_EOF_WITHIN_BYTES && !/^[\0\t\n\f\r ]*$/.test(tail.slice(eof + 5))) ? FILE_MESSAGES.brokenPdf : undefined;
  },
});

export const epubEnd = (): EndCheck => ({
  headBytes: 0,
  tailBytes: EPUB_TAIL_BYTES,
  judge(_head, tail, length) {
    for (let at = lastIndexOfBytes(tail, EOCD_SIGNATURE); at >= 0; at = at > 0 ? lastIndexOfBytes(tail, EOCD_SIGNATURE, at - 1) : -1) {
      if (at + EOCD_BYTES > tail.length || at + EOCD_BYTES + uint16LE(tail, at + 20) > tail.length) continue;
      // The directory it names lies before it (ZIP64 keeps its figures elsewhere): a signature in compressed data would not.
      const size = uint32LE(tail, at + 12);
      const offset = uint32LE(tail, at + 16);
      if (size === 0xffffffff || offset === 0xffffffff || offset + size <= length - tail.length + at) return undefined;
    }
    return FILE_MESSAGES.brokenEpub;
  },
});
