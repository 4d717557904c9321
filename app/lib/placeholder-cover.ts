import { escapeXml } from "./xml.ts";

/**
 * What a book without a cover shows, on the public site and in the back-office: a cover typeset
 * from its title and author, in one of a few designs and palettes picked from the text itself (the
 * same book always looks the same, neighbours differ). The address carries the text, so the
 * picture needs no upstream read and may be cached as long as the design lasts
 * (`routes/cover-placeholder[.]svg.tsx`). The text is the user's: escaped, and bounded in length.
 */

/** Longest title and author the picture shows (and the route accepts): a cover has room for a few lines. */
export const PLACEHOLDER_TEXT_MAX_CHARS = 300;
/** Bumped when the drawing changes, so that browsers fetch the new one. */
const DESIGN_VERSION = "1";

export function placeholderCoverUrl(title: string, author: string | null | undefined): string {
  const query = new URLSearchParams({ judul: title.slice(0, PLACEHOLDER_TEXT_MAX_CHARS) });
  if (author) query.set("pengarang", author.slice(0, PLACEHOLDER_TEXT_MAX_CHARS));
  query.set("v", DESIGN_VERSION);
  return `/cover-placeholder.svg?${query}`;
}

/** The picture's own box: 2:3, as the catalogue's cards show a cover. */
const WIDTH = 400;
const HEIGHT = 600;
/** A character's average advance as a share of the font size (bold, Latin text, DejaVu's being the widest): wraps without measuring. */
const SERIF_ADVANCE = 0.68;
const SANS_ADVANCE = 0.72;
const LEADING = 1.2;
const SERIF = "DejaVu Serif, Georgia, 'Times New Roman', serif";
const SANS = "DejaVu Sans, 'Liberation Sans', Arial, sans-serif";

interface Palette {
  ground: string;
  ink: string;
  accent: string;
}

const PALETTES: Palette[] = [
  { ground: "#1f4e5f", ink: "#f7f1e3", accent: "#e0a43b" },
  { ground: "#7a2e2e", ink: "#fbf3e4", accent: "#e8c07d" },
  { ground: "#2f5d3a", ink: "#f4f1e8", accent: "#c9d77a" },
  { ground: "#f3ead7", ink: "#22313f", accent: "#b5523b" },
  { ground: "#34305e", ink: "#f5f0ff", accent: "#f2b84b" },
  { ground: "#e6eef2", ink: "#173042", accent: "#2c7fb8" },
];

/** FNV-1a: a stable number from the text, to pick a design and a palette. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** Words broken into lines of at most `maxChars`; a word longer than a line is cut across lines. */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else for (let start = 0; start < word.length; start += maxChars) lines.push(word.slice(start, start + maxChars));
  }
  return lines;
}

/** A word no line can hold: only the smallest size cuts words. */
const cutsWords = (text: string, maxChars: number) => text.split(/\s+/).some((word) => word.length > maxChars);

/**
 * The largest size (from `sizes`) at which the text fits in a box of `width` × `height` without
 * cutting a word; at the smallest size it is cut, the last line ending in "…".
 */
function fit(text: string, width: number, height: number, advance: number, sizes: number[]): { size: number; lines: string[] } {
  const lineChars = (size: number) => Math.max(1, Math.floor(width / (size * advance)));
  for (const size of sizes) {
    const lines = wrapWords(text, lineChars(size));
    if (lines.length * size * LEADING <= height && !cutsWords(text, lineChars(size))) return { size, lines };
  }
  const size = sizes[sizes.length - 1];
  const lines = wrapWords(text, lineChars(size));
  const maxLines = Math.max(1, Math.floor(height / (size * LEADING)));
  return lines.length <= maxLines ? { size, lines } : { size, lines: [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1].slice(0, -1)}…`] };
}

/** Lines centred on x, the first baseline at y. */
function textBlock(lines: string[], x: number, y: number, size: number, family: string, fill: string, weight = 700): string {
  const spans = lines.map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : Math.round(size * LEADING)}">${escapeXml(line)}</tspan>`).join("");
  return `<text x="${x}" y="${y}" font-family="${family}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${spans}</text>`;
}

/** The author, centred under the title, in at most two lines. */
function authorBlock(author: string, width: number, y: number, family: string, fill: string): string {
  const { size, lines } = fit(author, width, 60, family === SERIF ? SERIF_ADVANCE : SANS_ADVANCE, [26, 22, 18]);
  return textBlock(lines, 200, y, size, family, fill, 400);
}

const TITLE_SIZES = [64, 56, 50, 44, 38, 33, 28, 24];

/** Three layouts: a cloth binding with bands, a photo-less paperback with a colour block, a framed title page. */
const DESIGNS: Array<(title: string, author: string, palette: Palette) => string> = [
  (title, author, { ground, ink, accent }) => {
    const { size, lines } = fit(title, 320, 380, SERIF_ADVANCE, TITLE_SIZES);
    const height = lines.length * size * LEADING;
    const top = 280 - height / 2 + size * 0.8;
    return (
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="${ground}"/>` +
      `<rect y="40" width="${WIDTH}" height="10" fill="${accent}"/><rect y="550" width="${WIDTH}" height="10" fill="${accent}"/>` +
      `<rect x="14" width="6" height="${HEIGHT}" fill="${ink}" fill-opacity="0.25"/>` +
      textBlock(lines, 200, top, size, SERIF, ink) +
      (author ? `<rect x="170" y="${top + height}" width="60" height="3" fill="${accent}"/>` + authorBlock(author, 300, top + height + 44, SANS, ink) : "")
    );
  },
  (title, author, { ground, ink, accent }) => {
    const { size, lines } = fit(title, 330, 300, SANS_ADVANCE, TITLE_SIZES);
    return (
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="${ink}"/>` +
      `<rect width="${WIDTH}" height="390" fill="${ground}"/>` +
      `<path d="M0 390h400v16H0z" fill="${accent}"/><circle cx="200" cy="540" r="14" fill="${accent}"/>` +
      textBlock(lines, 200, 210 - (lines.length * size * LEADING) / 2 + size * 0.8, size, SANS, ink) +
      (author ? authorBlock(author, 320, 465, SANS, ground) : "")
    );
  },
  (title, author, { ground, ink, accent }) => {
    const { size, lines } = fit(title, 300, 300, SERIF_ADVANCE, TITLE_SIZES);
    return (
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="${ground}"/>` +
      `<rect x="24" y="24" width="352" height="552" fill="none" stroke="${accent}" stroke-width="6"/>` +
      `<rect x="38" y="38" width="324" height="524" fill="none" stroke="${accent}" stroke-width="2"/>` +
      textBlock(lines, 200, 250 - (lines.length * size * LEADING) / 2 + size * 0.8, size, SERIF, ink) +
      `<path d="M170 430h60M200 415v30" stroke="${accent}" stroke-width="3"/>` +
      (author ? authorBlock(author, 280, 500, SERIF, ink) : "")
    );
  },
];

/** A drawn cover's Content-Security-Policy: a picture, never a page; opened on its own, nothing in it may run. */
export const PLACEHOLDER_COVER_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** What a book or video without a title is called where its title would show (its card, its page, its drawn cover). */
export const UNTITLED = "Tanpa judul";

/** The cover as an SVG document; the text may be anything a user typed. */
export function placeholderCoverSvg(title: string, author: string): string {
  const cleanTitle = title.trim().slice(0, PLACEHOLDER_TEXT_MAX_CHARS) || UNTITLED;
  const cleanAuthor = author.trim().slice(0, PLACEHOLDER_TEXT_MAX_CHARS);
  const hash = hashOf(`${cleanTitle}\n${cleanAuthor}`);
  const draw = DESIGNS[hash % DESIGNS.length];
  const palette = PALETTES[Math.floor(hash / DESIGNS.length) % PALETTES.length];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img">` +
    `<title>${escapeXml(`Sampul ${cleanTitle}`)}</title>${draw(cleanTitle, cleanAuthor, palette)}</svg>`
  );
}
