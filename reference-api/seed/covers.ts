import { circle, path, png, rect, SANS, SERIF, textLines, wrap, type Color } from "./svg.ts";

/**
 * The demo book covers, as a publisher would print them: the title and the author typeset over
 * one of four designs in one of six palettes, both picked from the title (the same book always
 * looks the same), drawn in a 400 × 600 box (2:3, as the catalogue's cards show a cover). The
 * genre and tag covers are the same with their name alone.
 */

interface Palette {
  ground: Color;
  ink: Color;
  accent: Color;
  soft: Color;
}

const PALETTES: Palette[] = [
  { ground: "#1f4e5f", ink: "#fdf6e3", accent: "#f2a541", soft: "#5f9ea0" },
  { ground: "#8c2f39", ink: "#fff4e6", accent: "#f6c667", soft: "#c05a63" },
  { ground: "#f4ecd8", ink: "#2b2d42", accent: "#d1495b", soft: "#edae49" },
  { ground: "#2d4739", ink: "#f1faee", accent: "#e9c46a", soft: "#6a994e" },
  { ground: "#3d348b", ink: "#fbf8ff", accent: "#f7b801", soft: "#7678ed" },
  { ground: "#e8f1f2", ink: "#13293d", accent: "#1b98e0", soft: "#8fc1e3" },
];

/** Bold DejaVu's average advance as a share of the size: enough to wrap without measuring. */
const ADVANCE = 0.66;

/** The title's lines at the largest size that fits `width` × `height` without cutting a word. */
function titleLines(title: string, width: number, height: number): { size: number; lines: string[] } {
  for (const size of [60, 52, 46, 40, 35, 30, 26]) {
    const maxChars = Math.floor(width / (size * ADVANCE));
    const lines = wrap(title, maxChars);
    if (lines.length * size * 1.2 <= height && lines.every((line) => line.length <= maxChars)) return { size, lines };
  }
  return { size: 26, lines: wrap(title, Math.floor(width / (26 * ADVANCE))) };
}

/** A stable number from the text. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

type Design = (title: string, author: string, palette: Palette) => string;

const DESIGNS: Design[] = [
  // A landscape over the upper half: hills under a sun, the title below.
  (title, author, { ground, ink, accent, soft }) => {
    const { size, lines } = titleLines(title, 330, 210);
    return [
      rect(0, 0, 400, 600, ground),
      rect(0, 0, 400, 280, soft),
      circle(290, 110, 46, accent),
      path("M0 230 Q100 150 200 220 T400 200 L400 280 L0 280 Z", ground, 'fill-opacity="0.55"'),
      path("M0 260 Q120 200 240 250 T400 245 L400 280 L0 280 Z", ground),
      textLines(lines, 200, 320 + size, size, ink, { family: SERIF }),
      author ? textLines([author], 200, 565, 22, accent, { weight: 400 }) : "",
    ].join("");
  },
  // Large overlapping circles, the title flush left at the top.
  (title, author, { ground, ink, accent, soft }) => {
    const { size, lines } = titleLines(title, 320, 280);
    return [
      rect(0, 0, 400, 600, ground),
      circle(330, 470, 170, soft, 'fill-opacity="0.8"'),
      circle(150, 520, 110, accent, 'fill-opacity="0.85"'),
      rect(40, 36, 60, 8, accent),
      textLines(lines, 40, 70 + size, size, ink, { family: SANS, anchor: "start" }),
      author ? textLines([author.toUpperCase()], 40, 70 + size + lines.length * size * 1.2 + 16, 18, accent, { anchor: "start" }) : "",
    ].join("");
  },
  // A classic title page: a double frame, the title centred, an ornament, the author.
  (title, author, { ground, ink, accent }) => {
    const { size, lines } = titleLines(title, 290, 280);
    const top = 250 - (lines.length * size * 1.2) / 2 + size * 0.8;
    return [
      rect(0, 0, 400, 600, ground),
      rect(22, 22, 356, 556, "none", `stroke="${accent}" stroke-width="6"`),
      rect(36, 36, 328, 528, "none", `stroke="${accent}" stroke-width="2"`),
      textLines(lines, 200, top, size, ink, { family: SERIF }),
      path("M150 440 L250 440 M200 420 L215 440 L200 460 L185 440 Z", accent, `stroke="${accent}" stroke-width="3"`),
      author ? textLines([author], 200, 510, 24, ink, { family: SERIF, weight: 400 }) : "",
    ].join("");
  },
  // A band across the middle, stripes above it, the author at the top.
  (title, author, { ground, ink, accent, soft }) => {
    const { size, lines } = titleLines(title, 340, 240);
    const stripes = [0, 1, 2, 3, 4, 5].map((i) => rect(0, 110 + i * 22, 400, 10, i % 2 ? soft : accent, 'fill-opacity="0.7"')).join("");
    return [
      rect(0, 0, 400, 600, ground),
      stripes,
      rect(0, 260, 400, 270, ink),
      textLines(lines, 200, 395 - (lines.length * size * 1.2) / 2 + size * 0.8, size, ground, { family: SANS }),
      author ? textLines([author], 200, 70, 24, ink, { weight: 400 }) : "",
    ].join("");
  },
];

/** A cover for `title` by `author` (none for a genre or a tag), `width` × `height` pixels (2:3). */
export function bookCoverImage(title: string, author: string, width = 300, height = 450): Promise<Buffer> {
  const hash = hashOf(title);
  const design = DESIGNS[hash % DESIGNS.length];
  const palette = PALETTES[Math.floor(hash / DESIGNS.length) % PALETTES.length];
  return png(design(title, author, palette), width, height, 400, 600);
}
