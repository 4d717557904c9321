import type { BookCardData } from "~/lib/cards";
import { activityPath } from "~/lib/paths";
import { clipText } from "~/lib/text";
import { RankedIndex, searchWords } from "~/platform/ranked-search.server";
import { richTextToPlain } from "~/platform/sanitize.server";
import { catalogueEnabled } from "./catalogue.server.ts";
import { topBooks } from "./catalogue-search.server.ts";
import { orNull, publicContext } from "./public-page.server.ts";
import { firstAbout, firstHistory, publicActivities, type About, type Activity, type History } from "./site-content.server.ts";

/**
 * The site search (`/cari`): the pages (about, history, the privacy policy and the terms), the
 * activities and the catalogue, each group ranked (app/platform/ranked-search.server.ts: a
 * title's words above the text's, Indonesian stems, near spellings) and counted. The pages and
 * activities are indexed together once per read of them (the public cache's entries: a write
 * to them makes new ones), the books by the catalogue's own index. A group whose upstream read
 * fails is left out, never the page.
 */

export interface SiteHit {
  title: string;
  href: string;
  excerpt: string;
}

export interface SiteSearchResult {
  pages: SiteHit[];
  activities: { hits: SiteHit[]; total: number };
  /** Null without the catalogue (or when it cannot be read). */
  books: { books: BookCardData[]; total: number } | null;
  /** The catalogue was searched and could not be read: the page says so rather than "no results". */
  booksUnread?: true;
  nearSpelling?: string;
}

/** Activities listed at most; the count says how many matched. */
const ACTIVITIES_SHOWN = 20;
const BOOKS_SHOWN = 6;
const EXCERPT_CHARS = 200;

interface Indexed {
  sources: unknown[];
  hits: Array<SiteHit & { kind: "page" | "activity" }>;
  index: RankedIndex;
}
let kept: Indexed | undefined;
/** One array for "none could be read", so that the index made with it is kept. */
const NO_ACTIVITIES: readonly Activity[] = [];

function siteIndex(about: About | null, history: History | null, activities: readonly Activity[]): Indexed {
  const sources = [about, history, activities];
  if (kept && kept.sources.every((source, at) => source === sources[at])) return kept;
  const documents: Array<SiteHit & { kind: "page" | "activity"; text: string }> = [];
  const page = (title: string, href: string, text: string) => {
    const plain = richTextToPlain(text);
    if (plain.trim()) documents.push({ kind: "page", title, href, text: plain, excerpt: clipText(plain, EXCERPT_CHARS) });
  };
  if (about) {
    page("Tentang Kami", "/about", `${about.title} ${about.description}`);
    page("Kebijakan Privasi", "/privacy-policy", about.privacy_policy);
    page("Syarat dan Ketentuan", "/terms", about.terms_and_condition);
  }
  if (history) page("Sejarah", "/history", `${history.title} ${history.description}`);
  for (const activity of activities) {
    const plain = richTextToPlain(activity.description);
    documents.push({ kind: "activity", title: activity.title, href: activityPath(activity.id), text: plain, excerpt: clipText(plain, EXCERPT_CHARS) });
  }
  const index = new RankedIndex(
    [
      { name: "title", weight: 10 },
      { name: "text", weight: 1 },
    ],
    documents.map((document) => [document.title, document.text]),
  );
  // Replaced synchronously: no request holds the old index across an await.
  kept?.index.close();
  kept = { sources, hits: documents.map(({ kind, title, href, excerpt }) => ({ kind, title, href, excerpt })), index };
  return kept;
}

export async function searchSite(request: Request, q: string): Promise<SiteSearchResult> {
  const { api } = publicContext(request);
  const [about, history, activities, books] = await Promise.all([
    orNull(firstAbout(api)),
    orNull(firstHistory(api)),
    orNull(publicActivities(api)),
    // A search of no words (only signs) finds nothing, the catalogue's books included: not asked of it.
    catalogueEnabled() && searchWords(q).length > 0 ? topBooks(request, q, BOOKS_SHOWN).catch(() => "unread" as const) : null,
  ]);
  const { index, hits } = siteIndex(about, history, activities ?? NO_ACTIVITIES);
  let positions = index.search(q) ?? [];
  let nearSpelling: string | undefined;
  const booksRead = books === "unread" ? null : books;
  if (positions.length === 0 && !booksRead?.total) {
    nearSpelling = index.nearSpelling(q);
    if (nearSpelling) positions = index.search(nearSpelling) ?? [];
  }
  const found = positions.map((position) => hits[position]);
  const activityHits = found.filter((hit) => hit.kind === "activity");
  return {
    pages: found.filter((hit) => hit.kind === "page").map(({ title, href, excerpt }) => ({ title, href, excerpt })),
    activities: { hits: activityHits.slice(0, ACTIVITIES_SHOWN).map(({ title, href, excerpt }) => ({ title, href, excerpt })), total: activityHits.length },
    books: booksRead,
    ...(books === "unread" ? { booksUnread: true as const } : {}),
    nearSpelling,
  };
}
