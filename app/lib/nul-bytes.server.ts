/**
 * The document without its 0x00 bytes. React 18.3's stream writes a whole 2 KiB view when a
 * character's UTF-8 bytes do not fit at its end, the one or two bytes left over still zero
 * (react issue #31134, mended in React 19's `writeStringChunk`), so a page with "©" or "–" at
 * such a place carried NULs that strict parsers and crawlers stop at. In UTF-8 a 0x00 byte is
 * only ever U+0000, which HTML does not allow in a document either (JSON in scripts escapes it).
 */
export function withoutNulBytes(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  let at = page.indexOf(0);
  if (at === -1) return page;
  const kept: Array<Buffer<ArrayBuffer>> = [];
  let from = 0;
  while (at !== -1) {
    kept.push(page.subarray(from, at));
    from = at + 1;
    at = page.indexOf(0, from);
  }
  kept.push(page.subarray(from));
  return Buffer.concat(kept);
}
