/**
 * Text put into XML the site writes itself (the feed, the sitemap, SVG pictures): escaped, and
 * without the characters XML 1.0 cannot hold at all, which would make the whole document
 * unreadable rather than show one odd character.
 */

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
/** Characters XML 1.0 does not allow at all (C0 controls but tab and line ends, lone surrogates, U+FFFE/FFFF): dropped. */
const NOT_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const escapeXml = (text: string) => text.replace(NOT_XML, "").replace(/[&<>"']/g, (character) => XML_ESCAPES[character]);
