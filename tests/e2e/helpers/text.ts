/**
 * Text as the pages write it: HTML character references, the visible text of markup, and dates
 * in the agency's time zone (Asia/Jakarta, UTC+7 all year). No vitest here: the benchmarks load
 * this too.
 */

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ndash: "–", mdash: "—" };

/** Decodes the HTML character references React and sanitizers write (`&amp;`, `&#x27;`, `&ndash;`, ...). */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") return String.fromCodePoint(ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** The visible text of an HTML fragment, whitespace collapsed (tags become spaces). */
export function htmlToText(html: string): string {
  return decodeHtmlEntities(html.replace(/<script\b[\s\S]*?<\/script>/gi, " ").replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** A moment's date as the public pages show it, `dd-mm-yyyy` in Asia/Jakarta. */
export function jakartaDate(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Jakarta", day: "2-digit", month: "2-digit", year: "numeric" })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year}`;
}

/** Today in Asia/Jakarta, `yyyy-mm-dd` (Jakarta has no daylight saving time: always UTC+7). */
export function jakartaToday(): string {
  return new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
}
