import sanitizeHtml from "sanitize-html";
import { decodeHTML } from "entities";
import { tooDeep } from "~/lib/html-depth";
import { responsiveImage } from "~/lib/images";

/**
 * Rich text (Quill's HTML from the upstream) made safe to render (design principle 8):
 * only formatting tags, no scripts or event handlers, links and images only over the spec's
 * protocols. Runs on the server, before any HTML reaches a browser.
 */

const LINK_PROTOCOLS = ["http", "https", "mailto", "tel"];
const QUILL_CLASS = /^ql-[a-z0-9-]+$/;
const CSS_COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "strong", "b", "em", "i", "u", "s", "sub", "sup", "span", "a",
    "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "img", "hr",
    "table", "thead", "tbody", "tr", "th", "td",
  ],
  allowedAttributes: {
    a: ["href", "target", "rel", "title"],
    img: ["src", "alt", "width", "height", "title"],
    "*": ["class", "style"],
  },
  allowedClasses: { "*": [QUILL_CLASS] },
  allowedStyles: {
    "*": {
      color: [CSS_COLOUR],
      "background-color": [CSS_COLOUR],
      "text-align": [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: LINK_PROTOCOLS,
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // A link that opens elsewhere must not hand the opener (this site) to that page.
    a: (tagName, attributes) => {
      const opensElsewhere = attributes.target === "_blank";
      const { target: _target, rel: _rel, ...rest } = attributes;
      return {
        tagName,
        attribs: opensElsewhere ? { ...rest, target: "_blank", rel: "noopener noreferrer" } : rest,
      };
    },
  },
};

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizedOnce(html);
}

/** A picture in a page's text is at most the text's column wide (`.page`, 860 px less its padding). */
const TEXT_PICTURE_SIZES = "(max-width: 860px) 100vw, 820px";

/**
 * Rich text as a public page shows it (never as it is stored: `cleanEditorHtml`): sanitised, each
 * picture loaded only as it nears the screen, and one on this site's `/files` offered at the
 * widths a screen needs (a 9 MB photo in the history's text went whole to phones, at once).
 */
export function shownRichText(html: string | null | undefined): string {
  return sanitizeRichText(html).replace(/<img ([^>]*?)\s*\/?>/g, (_tag, attributes: string) => {
    const src = /(?:^|\s)src="([^"]*)"/.exec(attributes)?.[1] ?? "";
    const onThisSite = /^\/files\/[^/?#"&]+$/.test(src);
    const widths = onThisSite ? ` srcset="${responsiveImage(src, TEXT_PICTURE_SIZES).srcSet}" sizes="${TEXT_PICTURE_SIZES}"` : "";
    return `<img ${attributes}${widths} loading="lazy" decoding="async" />`;
  });
}

/**
 * Rich text from the admin's editor as it is stored: sanitised, Quill's `&nbsp;` runs as spaces,
 * and empty when it shows nothing. The audit log compares stored text the same way, so a save
 * that changes nothing records no change.
 */
export function cleanEditorHtml(html: string): string {
  const clean = sanitizeRichText(html.replace(/&nbsp;|\u00a0/g, " "));
  return richTextToPlain(clean) === "" && !/<img\b/i.test(clean) ? "" : clean;
}

/**
 * Sanitised rich text without a first heading that only repeats the page's own title: the legal
 * texts as the agency wrote them start with "<h2>Kebijakan Privasi</h2>" under the page's
 * "Kebijakan Privasi", which showed the heading twice. "&" and "dan" count as the same word.
 */
export function withoutRepeatedTitle(html: string, title: string): string {
  const leading = /^\s*<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]>/i.exec(html);
  if (!leading) return html;
  const words = (text: string) =>
    text
      .toLocaleLowerCase("id")
      .replace(/&/g, " dan ")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  return words(richTextToPlain(leading[1])) === words(title) ? html.slice(leading[0].length) : html;
}

/** Plain text of rich text (for meta descriptions and previews). */
export function richTextToPlain(html: string | null | undefined): string {
  if (!html) return "";
  return plainOnce(html);
}

/** The tags older tools wrapped plain text in for its look. */
const FORMATTING_TAGS = "b|i|u|s|em|strong|small|big|sup|sub|span|font|mark|strike";
/** A character reference (`&amp;`, `&#39;`, `&#x2019;`) or a formatting tag (`<i>`, `</b>`, `<br/>`) written into a plain field. */
const MARKUP = new RegExp(`&(?:#\\d{1,7}|#x[\\da-f]{1,6}|[a-z][a-z\\d]{1,31});|<\\/?(?:${FORMATTING_TAGS}|br|p)(?:\\s[^<>]*)?\\/?>`, "i");
const FORMATTING_TAG = new RegExp(`<\\/?(?:${FORMATTING_TAGS})(?:\\s[^<>]*)?>`, "gi");
const BREAK_TAG = /<(?:br|\/?p)(?:\s[^<>]*)?\/?>/gi;

/**
 * A plain field (a title, a name, a synopsis) as a visitor should read it: older tools (SLiMS,
 * imports from web pages) stored some as HTML, "Tafsir Al-Qur&#39;an &amp; Hadis <i>Jilid 1</i>",
 * which the pages showed, escaped, as written, and the search could not find by "qur'an". Its
 * character references are decoded (the `entities` package, htmlparser2's) and its formatting
 * tags dropped; any other "<...>" stays text ("Belajar <table> HTML", a hostile "<script>": React
 * escapes it), and a field without either is kept exactly. For the public pages and their search:
 * the back-office shows and saves what is stored.
 */
export function shownPlainText(text: string): string {
  if (!MARKUP.test(text)) return text;
  return decodeHTML(text.replace(FORMATTING_TAG, "").replace(BREAK_TAG, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** Texts and results kept per memo, in characters; a text with an image pasted inline is not kept at all. */
const MEMO_MAX_CHARS = 2_000_000;
const MEMO_MAX_ENTRY_CHARS = 20_000;

/**
 * The same texts come back from the upstream on every view (the home page alone has fourteen),
 * and sanitising is the slowest step of turning them into a page: each result is kept, keyed by
 * the text itself, for as long as the texts kept stay under a fixed size.
 */
function memoized(transform: (html: string) => string): (html: string) => string {
  const results = new Map<string, string>();
  let size = 0;
  return (html) => {
    const known = results.get(html);
    if (known !== undefined) return known;
    const result = transform(html);
    const cost = html.length + result.length;
    if (cost > MEMO_MAX_ENTRY_CHARS) return result;
    results.set(html, result);
    size += cost;
    // Oldest first (a Map iterates in insertion order).
    for (const [oldest, value] of results) {
      if (size <= MEMO_MAX_CHARS) break;
      results.delete(oldest);
      size -= oldest.length + value.length;
    }
    return result;
  };
}

/**
 * Text nested deeper than any editor writes (stored by another tool, or an attack the save
 * refused since) is not handed to sanitize-html, whose time grows with the square of the nesting:
 * its tags are dropped in one linear pass and what is left is shown as escaped text.
 */
const withoutTags = (html: string) => html.replace(/<[^<>]*>/g, " ").replace(/[<>]/g, " ");

const sanitizedOnce = memoized((html) =>
  tooDeep(html) ? `<p>${sanitizeHtml(withoutTags(html), { allowedTags: [], allowedAttributes: {} })}</p>` : sanitizeHtml(html, OPTIONS),
);

const plainOnce = memoized((html) => {
  // Block ends become spaces, or "<p>a</p><p>b</p>" would read "ab".
  const spaced = html.replace(/<\/(p|div|li|h[1-6]|blockquote|tr)>|<br\s*\/?>/gi, "$& ");
  return sanitizeHtml(tooDeep(spaced) ? withoutTags(spaced) : spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
});
