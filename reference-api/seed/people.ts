import { ellipse, path, rect, type Color } from "./svg.ts";

/**
 * Simple people for the scenes (readers at a table, children on a rug, visitors at the van):
 * a torso, a head, hair or a hijab, and perhaps an open book in the hands. Drawn around the
 * point where the neck meets the shoulders, at `scale` (1: an adult seen across a room).
 */

export const SKINS: Color[] = ["#c68e63", "#a8714a", "#e0b18b", "#8d5a3b", "#d49f77"];
export const HAIR: Color[] = ["#1d1512", "#2b1d16", "#3a2a20", "#121010"];
export const CLOTHES: Color[] = ["#2f6f9f", "#c0504d", "#4f8a4b", "#e3a33b", "#7a5aa6", "#e9e4d8", "#2d3e50", "#d46a8c"];

export interface Person {
  x: number;
  y: number;
  scale: number;
  skin: Color;
  clothes: Color;
  hair: Color;
  /** A hijab of this colour instead of hair. */
  hijab?: Color;
  /** Legs down to the floor (standing), or none (seated behind something). */
  legs?: Color;
  /** An open book held in front. */
  book?: Color;
}

export function person({ x, y, scale: s, skin, clothes, hair, hijab, legs, book }: Person): string {
  const shapes: string[] = [];
  if (legs) shapes.push(rect(x - 26 * s, y + 100 * s, 22 * s, 120 * s, legs), rect(x + 4 * s, y + 100 * s, 22 * s, 120 * s, legs));
  // Shoulders and torso: a rounded trapezoid.
  shapes.push(path(`M${x - 48 * s} ${y + 120 * s} L${x - 44 * s} ${y + 14 * s} Q${x} ${y - 6 * s} ${x + 44 * s} ${y + 14 * s} L${x + 48 * s} ${y + 120 * s} Z`, clothes));
  if (hijab) {
    // The hijab frames the face and falls over the shoulders.
    shapes.push(path(`M${x - 40 * s} ${y + 40 * s} Q${x - 44 * s} ${y - 70 * s} ${x} ${y - 74 * s} Q${x + 44 * s} ${y - 70 * s} ${x + 40 * s} ${y + 40 * s} Z`, hijab));
    shapes.push(ellipse(x, y - 30 * s, 21 * s, 26 * s, skin));
  } else {
    shapes.push(rect(x - 9 * s, y - 12 * s, 18 * s, 16 * s, skin));
    shapes.push(ellipse(x, y - 34 * s, 24 * s, 28 * s, skin));
    shapes.push(path(`M${x - 26 * s} ${y - 30 * s} Q${x - 28 * s} ${y - 68 * s} ${x} ${y - 66 * s} Q${x + 28 * s} ${y - 68 * s} ${x + 26 * s} ${y - 30 * s} Q${x + 10 * s} ${y - 52 * s} ${x - 26 * s} ${y - 30 * s} Z`, hair));
  }
  if (book) {
    shapes.push(rect(x - 38 * s, y + 48 * s, 10 * s, 26 * s, skin), rect(x + 28 * s, y + 48 * s, 10 * s, 26 * s, skin));
    shapes.push(path(`M${x - 36 * s} ${y + 40 * s} L${x} ${y + 48 * s} L${x + 36 * s} ${y + 40 * s} L${x + 36 * s} ${y + 78 * s} L${x} ${y + 86 * s} L${x - 36 * s} ${y + 78 * s} Z`, book));
    shapes.push(path(`M${x - 30 * s} ${y + 46 * s} L${x - 2 * s} ${y + 52 * s} L${x - 2 * s} ${y + 80 * s} L${x - 30 * s} ${y + 74 * s} Z M${x + 2 * s} ${y + 52 * s} L${x + 30 * s} ${y + 46 * s} L${x + 30 * s} ${y + 74 * s} L${x + 2 * s} ${y + 80 * s} Z`, "#fbf8ef"));
  }
  return shapes.join("");
}
