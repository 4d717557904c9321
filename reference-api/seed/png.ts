import { deflateSync } from "node:zlib";

/**
 * A tiny dependency-free PNG writer and a canvas with a few shapes, used to generate the demo
 * images at seed time (so no binary blobs live in the repository).
 */

type Rgb = readonly [number, number, number];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Encodes 8-bit RGB pixels (row-major, 3 bytes each) as a PNG. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  if (rgb.length !== width * height * 3) throw new Error("encodePng: pixel buffer does not match the size");
  const stride = width * 3;
  const scanlines = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const out = y * (stride + 1);
    const row = y * stride;
    // Filter "Up" (2) stores the difference to the row above: gradients then compress to almost nothing.
    scanlines[out] = y === 0 ? 0 : 2;
    for (let i = 0; i < stride; i++) {
      scanlines[out + 1 + i] = y === 0 ? rgb[row + i] : (rgb[row + i] - rgb[row + i - stride]) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  // compression, filter method and interlace stay 0
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(scanlines)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number): number => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = x < 1 / 6 ? p + (q - p) * 6 * x : x < 1 / 2 ? q : x < 2 / 3 ? p + (q - p) * (2 / 3 - x) * 6 : p;
    return Math.round(v * 255);
  };
  return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)];
}

class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  private blend(x: number, y: number, color: Rgb, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    for (let c = 0; c < 3; c++) this.pixels[i + c] = Math.round(this.pixels[i + c] * (1 - alpha) + color[c] * alpha);
  }

  /** Top-to-bottom gradient, tilted by `tilt` (0 = horizontal bands). */
  gradient(from: Rgb, to: Rgb, tilt = 0.3): void {
    const span = this.height + tilt * this.width;
    const [dr, dg, db] = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
    for (let y = 0, i = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++, i += 3) {
        const t = (y + tilt * x) / span;
        this.pixels[i] = Math.round(from[0] + dr * t);
        this.pixels[i + 1] = Math.round(from[1] + dg * t);
        this.pixels[i + 2] = Math.round(from[2] + db * t);
      }
    }
  }

  rect(x: number, y: number, width: number, height: number, color: Rgb, alpha = 1): void {
    for (let py = Math.max(0, Math.floor(y)); py < Math.min(this.height, y + height); py++) {
      for (let px = Math.max(0, Math.floor(x)); px < Math.min(this.width, x + width); px++) this.blend(px, py, color, alpha);
    }
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, alpha = 1): void {
    for (let py = Math.floor(cy - ry); py <= cy + ry; py++) {
      for (let px = Math.floor(cx - rx); px <= cx + rx; px++) {
        const dx = (px - cx) / rx;
        const dy = (py - cy) / ry;
        if (dx * dx + dy * dy <= 1) this.blend(px, py, color, alpha);
      }
    }
  }

  /** Fills everything below a sine ridge: rolling hills. */
  hills(baseY: number, amplitude: number, wavelength: number, phase: number, color: Rgb): void {
    for (let x = 0; x < this.width; x++) {
      const top = Math.round(baseY + amplitude * Math.sin((x / wavelength) * 2 * Math.PI + phase));
      for (let y = Math.max(0, top); y < this.height; y++) this.pixels.set(color, (y * this.width + x) * 3);
    }
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.pixels);
  }
}

/** Deterministic 0..1 values from a seed, so a record's picture is the same on every seed run. */
function random(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

/** The size of a photo as an admin would upload it (a phone or camera picture, resized once). */
export const PHOTO_WIDTH = 1600;
export const PHOTO_HEIGHT = 900;

/** A landscape with a sun, hills and a small building: sliders, banners, activities, pages. */
export function landscapeImage(hue: number, seed: number, width = 480, height = 270): Buffer {
  const next = random(seed);
  // Shapes were drawn for 480 px wide pictures; larger ones scale them.
  const scale = width / 480;
  const canvas = new Canvas(width, height);
  canvas.gradient(hsl(hue, 70, 78), hsl(hue + 30, 60, 52));
  canvas.ellipse(width * (0.15 + next() * 0.7), height * (0.2 + next() * 0.15), 28 * scale, 28 * scale, hsl(hue + 180, 90, 70), 0.9);
  canvas.hills(height * 0.62, 14 * scale, width * (0.5 + next() * 0.4), next() * 6, hsl(hue + 90, 45, 45));
  canvas.hills(height * 0.75, 10 * scale, width * (0.3 + next() * 0.3), next() * 6, hsl(hue + 110, 50, 32));
  const left = width * (0.3 + next() * 0.35);
  canvas.rect(left, height * 0.48, 120 * scale, height * 0.3, [245, 240, 230]);
  canvas.rect(left - 8 * scale, height * 0.44, 136 * scale, 12 * scale, hsl(hue, 50, 30));
  for (let column = 0; column < 5; column++) {
    canvas.rect(left + (10 + column * 23) * scale, height * 0.52, 8 * scale, height * 0.24, [200, 190, 175]);
  }
  return canvas.toPng();
}

/** A head-and-shoulders silhouette: officers and authors. */
export function portraitImage(hue: number, size = 320): Buffer {
  const canvas = new Canvas(size, size);
  canvas.gradient(hsl(hue, 55, 86), hsl(hue, 45, 64), 0);
  canvas.ellipse(size / 2, size * 1.02, size * 0.36, size * 0.34, hsl(hue + 200, 35, 30));
  canvas.ellipse(size / 2, size * 0.38, size * 0.19, size * 0.21, [60, 45, 40]);
  canvas.ellipse(size / 2, size * 0.44, size * 0.16, size * 0.18, [224, 182, 148]);
  return canvas.toPng();
}

/** A book-cover-like portrait card: book, genre and tag covers. */
export function coverImage(hue: number, seed: number, width = 300, height = 420): Buffer {
  const next = random(seed);
  const canvas = new Canvas(width, height);
  canvas.gradient(hsl(hue, 65, 58), hsl(hue + 40, 70, 28), 0.15);
  canvas.rect(0, 0, 16, height, hsl(hue, 50, 20));
  canvas.rect(36, height * 0.12, width - 72, 54, [250, 248, 240], 0.9);
  canvas.rect(36, height * 0.12 + 66, (width - 72) * 0.6, 12, [250, 248, 240], 0.7);
  canvas.ellipse(width * (0.35 + next() * 0.3), height * 0.62, 70 + next() * 30, 70 + next() * 30, hsl(hue + 160, 70, 70), 0.85);
  canvas.ellipse(width * (0.3 + next() * 0.4), height * 0.7, 40, 40, hsl(hue + 200, 60, 45), 0.7);
  return canvas.toPng();
}
