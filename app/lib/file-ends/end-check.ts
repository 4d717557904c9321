/**
 * What a check of a file's end reads, and the reading of a whole file for it, the same in the
 * browser (a chosen file, before anything is sent) and on the server (a stored resumable upload;
 * the streamed relay holds the last bytes back instead: app/platform/file-ends.server.ts).
 */

export interface EndCheck {
  /** How many of the file's first bytes `judge` reads (copied as they pass: a few KiB). */
  readonly headBytes: number;
  /** How many of its last bytes `judge` reads: the relay holds so many back, unsent, until it has. */
  readonly tailBytes: number;
  /** Sees every byte in order, for a format whose end is found by following it (holds none of them). */
  follow?(chunk: Uint8Array): void;
  /** Why the file is refused (Indonesian, for the admin), or undefined; `head` and `tail` are shorter for a shorter file. */
  judge(head: Uint8Array, tail: Uint8Array, length: number): string | undefined;
}

/** A whole file as a check reads it: a browser's File, or a file on the server's disk. */
export interface FileBytes {
  readonly size: number;
  /** The bytes from `start` to `end` (exclusive). */
  slice(start: number, end: number): Promise<Uint8Array>;
  /** Every byte in order, in pieces (only for a check that follows the file). */
  pieces(): AsyncIterable<Uint8Array>;
}

/** Why `check` refuses the file, or undefined: its head and tail read, and the whole followed when the check needs it. */
export async function judgeFile(file: FileBytes, check: EndCheck): Promise<string | undefined> {
  if (check.follow) for await (const piece of file.pieces()) check.follow(piece);
  const head = await file.slice(0, Math.min(file.size, check.headBytes));
  const tail = await file.slice(Math.max(0, file.size - check.tailBytes), file.size);
  return check.judge(head, tail, file.size);
}

/** A browser's chosen file (a Blob) as a check reads it. */
export function blobBytes(blob: Blob): FileBytes {
  return {
    size: blob.size,
    slice: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()),
    async *pieces() {
      const reader = blob.stream().getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
    },
  };
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** Little- and big-endian whole numbers read from `bytes` at `at`. */
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
export const uint16BE = (bytes: Uint8Array, at: number) => view(bytes).getUint16(at, false);
export const uint16LE = (bytes: Uint8Array, at: number) => view(bytes).getUint16(at, true);
export const uint32BE = (bytes: Uint8Array, at: number) => view(bytes).getUint32(at, false);
export const uint32LE = (bytes: Uint8Array, at: number) => view(bytes).getUint32(at, true);

/** One character per byte (what a search for ASCII marks needs). */
export const asLatin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

/** Where `needle` last begins in `haystack` at or before `from`, or -1. */
export function lastIndexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = haystack.length - needle.length): number {
  outer: for (let at = Math.min(from, haystack.length - needle.length); at >= 0; at--) {
    for (let index = 0; index < needle.length; index++) if (haystack[at + index] !== needle[index]) continue outer;
    return at;
  }
  return -1;
}
