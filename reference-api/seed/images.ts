import sharp from "sharp";
import { oncePerProcess } from "./once-per-process.ts";

/**
 * The demo pictures, drawn as SVG and rendered to PNG by sharp at seed time (so no binary blobs
 * live in the repository). The same arguments give the same bytes with the same sharp release.
 */

/** The size of a photo as an admin would upload it (a phone or camera picture, resized once). */
export const PHOTO_WIDTH = 1600;
export const PHOTO_HEIGHT = 900;

type Color = string;

const n = (value: number): string => String(Math.round(value * 100) / 100);

const hsl = (hue: number, saturation: number, lightness: number): Color =>
  `hsl(${n(((hue % 360) + 360) % 360)},${saturation}%,${lightness}%)`;

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

/** A picture's shapes, painted in order over a background gradient. */
class Drawing {
  private readonly shapes: string[] = [];

  readonly width: number;
  readonly height: number;

  constructor(
    width: number,
    height: number,
  ) {
    this.width = width;
    this.height = height;
  }

  /** Top-to-bottom gradient, tilted by `tilt` (0 = horizontal bands). */
  gradient(from: Color, to: Color, tilt = 0.3): this {
    // Colour is constant along y + tilt·x = c: the gradient runs along (tilt, 1), across the whole picture.
    const length = (this.height + tilt * this.width) / (1 + tilt * tilt);
    this.shapes.push(
      `<defs><linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${n(tilt * length)}" y2="${n(length)}">` +
        `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
      `<rect width="${this.width}" height="${this.height}" fill="url(#g)"/>`,
    );
    return this;
  }

  rect(x: number, y: number, width: number, height: number, color: Color, alpha = 1): this {
    this.shapes.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" fill="${color}" fill-opacity="${alpha}"/>`);
    return this;
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Color, alpha = 1): this {
    this.shapes.push(`<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${color}" fill-opacity="${alpha}"/>`);
    return this;
  }

  /** Fills everything below a sine ridge: rolling hills. */
  hills(baseY: number, amplitude: number, wavelength: number, phase: number, color: Color): this {
    const ridge: string[] = [];
    const step = Math.max(2, this.width / 200);
    for (let x = 0; x < this.width + step; x += step) {
      ridge.push(`${n(x)} ${n(baseY + amplitude * Math.sin((x / wavelength) * 2 * Math.PI + phase))}`);
    }
    this.shapes.push(`<path d="M0 ${this.height} L${ridge.join(" L")} L${n(this.width + step)} ${this.height} Z" fill="${color}"/>`);
    return this;
  }

  /** An opaque 8-bit RGB PNG. */
  png(): Promise<Buffer> {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" ` +
      `viewBox="0 0 ${this.width} ${this.height}">${this.shapes.join("")}</svg>`;
    return oncePerProcess(rendered, svg, () => sharp(Buffer.from(svg)).removeAlpha().png().toBuffer());
  }
}

/** Each drawing rendered once per process: its bytes are the same for the same drawing. */
const rendered = new Map<string, Promise<Buffer>>();

/** A landscape with a sun, hills and a small building: sliders, banners, activities, pages. */
export function landscapeImage(hue: number, seed: number, width = 480, height = 270): Promise<Buffer> {
  const next = random(seed);
  // Shapes were drawn for 480 px wide pictures; larger ones scale them.
  const scale = width / 480;
  const drawing = new Drawing(width, height)
    .gradient(hsl(hue, 70, 78), hsl(hue + 30, 60, 52))
    .ellipse(width * (0.15 + next() * 0.7), height * (0.2 + next() * 0.15), 28 * scale, 28 * scale, hsl(hue + 180, 90, 70), 0.9)
    .hills(height * 0.62, 14 * scale, width * (0.5 + next() * 0.4), next() * 6, hsl(hue + 90, 45, 45))
    .hills(height * 0.75, 10 * scale, width * (0.3 + next() * 0.3), next() * 6, hsl(hue + 110, 50, 32));
  const left = width * (0.3 + next() * 0.35);
  drawing.rect(left, height * 0.48, 120 * scale, height * 0.3, "rgb(245,240,230)");
  drawing.rect(left - 8 * scale, height * 0.44, 136 * scale, 12 * scale, hsl(hue, 50, 30));
  for (let column = 0; column < 5; column++) {
    drawing.rect(left + (10 + column * 23) * scale, height * 0.52, 8 * scale, height * 0.24, "rgb(200,190,175)");
  }
  return drawing.png();
}

/** A head-and-shoulders silhouette: officers and authors. */
export function portraitImage(hue: number, size = 320): Promise<Buffer> {
  return new Drawing(size, size)
    .gradient(hsl(hue, 55, 86), hsl(hue, 45, 64), 0)
    .ellipse(size / 2, size * 1.02, size * 0.36, size * 0.34, hsl(hue + 200, 35, 30))
    .ellipse(size / 2, size * 0.38, size * 0.19, size * 0.21, "rgb(60,45,40)")
    .ellipse(size / 2, size * 0.44, size * 0.16, size * 0.18, "rgb(224,182,148)")
    .png();
}

/** A book-cover-like portrait card: book, genre and tag covers. */
export function coverImage(hue: number, seed: number, width = 300, height = 420): Promise<Buffer> {
  const next = random(seed);
  return new Drawing(width, height)
    .gradient(hsl(hue, 65, 58), hsl(hue + 40, 70, 28), 0.15)
    .rect(0, 0, 16, height, hsl(hue, 50, 20))
    .rect(36, height * 0.12, width - 72, 54, "rgb(250,248,240)", 0.9)
    .rect(36, height * 0.12 + 66, (width - 72) * 0.6, 12, "rgb(250,248,240)", 0.7)
    .ellipse(width * (0.35 + next() * 0.3), height * 0.62, 70 + next() * 30, 70 + next() * 30, hsl(hue + 160, 70, 70), 0.85)
    .ellipse(width * (0.3 + next() * 0.4), height * 0.7, 40, 40, hsl(hue + 200, 60, 45), 0.7)
    .png();
}
