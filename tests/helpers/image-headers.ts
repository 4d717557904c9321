import { crc32 } from "node:zlib";
import sharp from "sharp";

/**
 * Pictures that claim more pixels than they carry, as an attacker would upload them: a few
 * bytes of real header with the dimensions set huge and no (or cut-off) pixel data. Made by
 * hand or from a tiny real picture with its dimensions patched, so nothing large is ever built.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG's signature and IHDR (8-bit RGB) and nothing else: 33 bytes. */
export function giantPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", header)]);
}

/** A GIF89a's header and logical screen descriptor (dimensions up to 65535). */
export function giantGif(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([Buffer.from("GIF89a", "latin1"), screen]);
}

/** An extended WebP (VP8X) whose canvas is `width` × `height` (up to 16384 each), with nothing after. */
export function giantWebp(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const chunk = Buffer.concat([Buffer.from("VP8X", "latin1"), Buffer.from([10, 0, 0, 0]), vp8x]);
  const riffSize = Buffer.alloc(4);
  riffSize.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from("RIFF", "latin1"), riffSize, Buffer.from("WEBP", "latin1"), chunk]);
}

let tinyJpeg: Buffer | undefined;

/** Offsets of a JPEG's markers, in order, up to its start of scan. */
function jpegMarkers(jpeg: Buffer): Array<{ marker: number; at: number }> {
  const markers: Array<{ marker: number; at: number }> = [];
  for (let at = 2; at + 4 <= jpeg.length; ) {
    const marker = jpeg[at + 1];
    markers.push({ marker, at });
    if (marker === 0xda) break;
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return markers;
}

/**
 * A real JPEG's header (up to and including its start-of-scan header) with the frame's
 * dimensions (up to 65535) set to `width` × `height`, and no scan data: what a decoder reads
 * before it allocates the picture.
 */
export async function giantJpeg(width: number, height: number): Promise<Buffer> {
  tinyJpeg ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: "#777" } }).jpeg().toBuffer();
  const markers = jpegMarkers(tinyJpeg);
  const frame = markers.find(({ marker }) => marker === 0xc0);
  const scan = markers.find(({ marker }) => marker === 0xda);
  if (!frame || !scan) throw new Error("sharp's JPEG has no baseline frame header");
  const header = Buffer.from(tinyJpeg.subarray(0, scan.at + 2 + tinyJpeg.readUInt16BE(scan.at + 2)));
  header.writeUInt16BE(height, frame.at + 5);
  header.writeUInt16BE(width, frame.at + 7);
  return header;
}

/** `jpeg` with `bytes` of comment segments (metadata a camera or editor might write) before its frame header. */
export function padJpeg(jpeg: Buffer, bytes: number): Buffer {
  const segments: Buffer[] = [];
  for (let left = bytes; left > 0; ) {
    const size = Math.min(left, 65_533 + 4);
    const payload = Math.max(size - 4, 0);
    const segment = Buffer.alloc(payload + 4, 0x20);
    segment[0] = 0xff;
    segment[1] = 0xfe;
    segment.writeUInt16BE(payload + 2, 2);
    segments.push(segment);
    left -= segment.length;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}
