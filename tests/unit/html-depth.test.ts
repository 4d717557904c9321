import { describe, expect, it } from "vitest";
import { htmlDepth, RICH_TEXT_MAX_DEPTH, tooDeep } from "~/lib/html-depth";
import { cleanEditorHtml, richTextToPlain, sanitizeRichText } from "~/platform/sanitize.server";

/**
 * Rich text nested deeper than any editor writes (app/lib/html-depth.ts): counted in one pass,
 * refused at a save (tests/integration/admin-activity.test.ts), and shown as plain text without
 * going through sanitize-html, whose time grows with the square of the nesting.
 */

const nested = (depth: number, tag = "b") => `${`<${tag}>`.repeat(depth)}isi`;

describe("how deeply rich text nests", () => {
  it("counts the elements open around the deepest text, as a browser would read them", () => {
    expect(htmlDepth("<p><strong><em>a</em></strong></p><p>b</p>")).toBe(2);
    expect(htmlDepth('<div class="x"><span>a</span></div><div><blockquote><div>b</div></blockquote></div>')).toBe(3);
    // An end tag closes what is open inside its element; one with nothing of its name open is nothing.
    expect(htmlDepth("<div><span><em>a</div><div>b</div></i></i>")).toBe(3);
    // Older editors leave p, li and td open, and never close br or img: not nesting.
    expect(htmlDepth(`${"<p>a".repeat(500)}${"<li>b<br><img src=x>".repeat(500)}`)).toBe(0);
    expect(htmlDepth("a < b > c <3 <<<< >>>> <!-- <b> --> x")).toBe(1);
  });

  it("tells text nested past the limit, and stops counting there", () => {
    expect(tooDeep(nested(RICH_TEXT_MAX_DEPTH))).toBe(false);
    expect(tooDeep(nested(RICH_TEXT_MAX_DEPTH + 1))).toBe(true);
    expect(htmlDepth(nested(100_000), 10)).toBe(11);
  });

  it("shows text nested 100,000 deep, or 100,000 opened tags with no end, as plain escaped text", () => {
    for (const html of [nested(100_000), `<div>${"<b>".repeat(50_000)}${"</i>".repeat(50_000)}&lt;isi&gt; &amp; "x"`, "<a".repeat(100_000)]) {
      const shown = sanitizeRichText(html);
      expect(shown).not.toMatch(/<(?!\/?p>)/);
      expect(richTextToPlain(html)).not.toContain("<b");
      expect(cleanEditorHtml(html)).not.toContain("<b");
    }
    expect(sanitizeRichText(nested(100_000))).toBe("<p>" + " ".repeat(100_000) + "isi</p>");
  });
});
