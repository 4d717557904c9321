/**
 * How deeply an HTML text's elements nest, counted in one pass that stays linear in the text
 * whatever it holds. sanitize-html and its parser slow down with the square of the nesting (a
 * 300 KB text of 100,000 nested `<b>` held the site's process 34 s), so rich text nested deeper
 * than any editor writes is refused at a save and shown as plain text. Elements whose end tag
 * HTML lets one leave out (p, li, td...) and void ones (br, img) are not counted: older editors
 * leave them open, and their nesting is only the parser's guess.
 */

/** Deeper than any editor nests (Quill: a few levels; a table in a list in a quote: a dozen). */
export const RICH_TEXT_MAX_DEPTH = 100;

// `[^<>]*`, not `[^>]*`: a text of "<a<a<a..." with no ">" would make each "<" scan to its end.
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^<>]*>/g;

const NOT_NESTING = new Set([
  // void elements
  "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
  // end tags HTML lets one leave out
  "p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "tfoot", "colgroup", "option", "optgroup", "rb", "rt", "rp",
]);

/** The deepest nesting, or as soon as it passes `limit`, a depth past it. */
export function htmlDepth(html: string, limit = Infinity): number {
  const open: string[] = [];
  const openByName = new Map<string, number>();
  let deepest = 0;
  for (const [, closing, tagName] of html.matchAll(TAG)) {
    const name = tagName.toLowerCase();
    if (NOT_NESTING.has(name)) continue;
    if (!closing) {
      open.push(name);
      openByName.set(name, (openByName.get(name) ?? 0) + 1);
      deepest = Math.max(deepest, open.length);
      if (deepest > limit) return deepest;
      continue;
    }
    // An end tag closes the nearest open element of its name and those open inside it; one with none open is nothing.
    if (!openByName.get(name)) continue;
    for (let top = open.pop(); top !== undefined; top = open.pop()) {
      openByName.set(top, (openByName.get(top) ?? 1) - 1);
      if (top === name) break;
    }
  }
  return deepest;
}

export const tooDeep = (html: string) => htmlDepth(html, RICH_TEXT_MAX_DEPTH) > RICH_TEXT_MAX_DEPTH;
