import sharp from "sharp";
import { oncePerProcess } from "./once-per-process.ts";

/**
 * What the demo pictures are drawn with: SVG shapes as strings, deterministic random numbers, and
 * the one renderer (sharp, SVG to PNG at seed time, each drawing once per process, so no binary
 * blobs live in the repository). The same arguments give the same bytes with the same sharp release.
 */

export type Color = string;

export const n = (value: number): string => String(Math.round(value * 10) / 10);

export const hsl = (hue: number, saturation: number, lightness: number): Color => `hsl(${n(((hue % 360) + 360) % 360)},${saturation}%,${lightness}%)`;

/** Deterministic 0..1 values from a seed, so a record's picture is the same on every seed run. */
export function random(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

/** One of `items`, picked by a 0..1 value. */
export const pick = <T>(items: readonly T[], value: number): T => items[Math.floor(value * items.length) % items.length];

export const rect = (x: number, y: number, width: number, height: number, fill: Color, extra = ""): string =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;

export const circle = (cx: number, cy: number, r: number, fill: Color, extra = ""): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: Color, extra = ""): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;

export const path = (d: string, fill: Color, extra = ""): string => `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]);

export const SANS = "DejaVu Sans, sans-serif";
export const SERIF = "DejaVu Serif, serif";

/** Lines of text centred on x (or starting at x with `anchor` "start"), the first baseline at y. */
export function textLines(lines: string[], x: number, y: number, size: number, fill: Color, options: { family?: string; weight?: number; anchor?: string } = {}): string {
  const { family = SANS, weight = 700, anchor = "middle" } = options;
  const spans = lines.map((line, i) => `<tspan x="${n(x)}" dy="${i === 0 ? 0 : n(size * 1.2)}">${escapeXml(line)}</tspan>`).join("");
  return `<text x="${n(x)}" y="${n(y)}" font-family="${family}" font-size="${n(size)}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${spans}</text>`;
}

/** Words in lines of at most `maxChars` characters. */
export function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Each drawing rendered once per process: its bytes are the same for the same drawing. */
const rendered = new Map<string, Promise<Buffer>>();

/** A drawing made in a `viewWidth` × `viewHeight` box, rendered at `width` × `height` as an opaque 8-bit RGB PNG. */
export function png(body: string, width: number, height: number, viewWidth = width, viewHeight = height): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${viewWidth} ${viewHeight}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
  return oncePerProcess(rendered, svg, () => sharp(Buffer.from(svg)).removeAlpha().png().toBuffer());
}
