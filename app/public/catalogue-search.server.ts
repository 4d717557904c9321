import { bookList, readableNames, relationName, type Book } from "~/resources/books/books.server";
import type { Classification } from "~/resources/classifications/classifications.server";
import type { BookCardData } from "~/lib/cards";
import { publishedIso } from "~/lib/dates";
import { nameKey } from "~/lib/name-keys";
import { firstSorted } from "~/lib/first-sorted";
import { parseStandardNumber, standardNumberQuery } from "~/lib/standard-numbers";
import { narrowByFacets, facetValueId, type FacetChoice, type ValueFacet } from "~/platform/facets.server";
import { RankedIndex } from "~/platform/ranked-search.server";
import { shownPlainText } from "~/platform/sanitize.server";
import { FACETS, type CatalogueQuery, type FacetBlockData, type FacetName } from "~/lib/catalogue-query";
import { BOOKS_PER_PAGE, bookCard, catalogueBookCopy, catalogueClassifications, shownNames, type BookModel } from "./catalogue.server.ts";

/**
 * Koleksi Digital's search, as an OPAC does it: one search over every field of a book (title,
 * author, publisher, ISBN/ISSN, genres, tags, classification's notation and name, synopsis),
 * ranked by BM25 with a title's words first (app/platform/ranked-search.server.ts, with its
 * Indonesian stems and near spellings), then narrowed by facets counted over what the search
 * found (app/platform/facets.server.ts, by the relations' names as the back-office's `bookFilters`
 * count them, the classification by its notation and the date by its year), ordered and paged.
 * One index per copy of the book list and of the classifications, made when first searched.
 */

/** Values listed per facet, most books first (the chosen ones always). */
const LISTED_VALUES = 12;
/** A facet shown whole (`?semua=`) lists at most this many values: every genre, tag, class or year an agency's catalogue has. */
const ALL_LISTED_VALUES = 1_000;

export interface CatalogueResult {
  books: BookCardData[];
  total: number;
  page: number;
  pageCount: number;
  facets: FacetBlockData[];
  /** The search that was shown instead of one that found nothing ("kancl" → "kancil"). */
  nearSpelling?: string;
}

interface SearchIndex {
  classifications: readonly Classification[];
  /** What of the classifications the index holds (`classificationsKey`): a fresh read of the same ones is the same index. */
  classificationsKey: string;
  index: RankedIndex;
  notationOf: Map<string, Classification>;
  facets: Array<ValueFacet<Book>>;
  /** By position: the book's place in title order. */
  titleOrder: Uint32Array;
  /** By position: the book's place by publication, the latest first, books without a date last. */
  publishedOrder: Uint32Array;
}

const WEIGHTED_FIELDS = [
  { name: "title", weight: 10 },
  { name: "author", weight: 6 },
  { name: "isbn", weight: 6 },
  { name: "publisher", weight: 4 },
  { name: "genres", weight: 3 },
  { name: "tags", weight: 3 },
  { name: "classification", weight: 3 },
  { name: "synopsis", weight: 1 },
];

const collator = new Intl.Collator("id", { sensitivity: "base", numeric: true });
const indexes = new WeakMap<readonly Book[], SearchIndex>();
/** Names the classification facet of each index apart: its values follow the classifications it was made with. */
let indexesMade = 0;

/** By list of classifications as read: what the index takes of them, as one string. */
const classificationKeys = new WeakMap<readonly Classification[], string>();

/**
 * The classifications are read again every few seconds (the public cache's time), each time a new
 * list: the index, whose making costs half a second of CPU at 10,000 books, is made again only when
 * what it holds of them changed.
 */
function classificationsKey(classifications: readonly Classification[]): string {
  let key = classificationKeys.get(classifications);
  if (key === undefined) {
    key = JSON.stringify(classifications.map((each) => [each.id, each.notation, each.general_name]));
    classificationKeys.set(classifications, key);
  }
  return key;
}

function searchIndexOf(model: BookModel, classifications: readonly Classification[]): SearchIndex {
  const kept = indexes.get(model.records);
  const classificationsHeld = classificationsKey(classifications);
  if (kept && kept.classificationsKey === classificationsHeld) return kept;
  // Replaced synchronously: no request holds the old index across an await.
  kept?.index.close();
  const notationOf = new Map(classifications.map((each) => [each.id, each]));
  const classificationOf = (book: Book) => (book.classification_id ? notationOf.get(book.classification_id) : undefined);
  const isbnTexts = bookList.texts;
  const shownTitles = model.records.map((book) => shownPlainText(book.title));
  // "YYYY-MM-DD" or "YYYY" (a year alone), as the book's page has it: its year facet and its order by publication.
  const published = new Map(model.records.map((book) => [book, publishedIso(book.published_date) ?? ""]));
  const index = new RankedIndex(
    WEIGHTED_FIELDS,
    model.records.map((book, position) => {
      const classification = classificationOf(book);
      // Searched as the pages show them (`shownPlainText`): "qur'an" finds a title stored as "Qur&#39;an".
      return [
        shownTitles[position],
        shownPlainText(relationName(book.author)),
        isbnTexts(book)[bookList.textFields.indexOf("isbn_issn")],
        shownPlainText(relationName(book.publisher)),
        shownNames(book.genres).join(", "),
        shownNames(book.tags).join(", "),
        classification ? `${classification.notation} ${shownPlainText(classification.general_name)}` : "",
        shownPlainText(book.synopsis),
      ];
    }),
  );
  // Facet names of their own: the admin's facets over the same records count ids and ranges under theirs.
  // A relation the upstream sent unreadable is no value a visitor can choose (the admin's filters offer it, to find such books).
  const facets: Array<ValueFacet<Book>> = [
    { kind: "values", name: "public:genre", values: (book) => readableNames(book.genres) },
    { kind: "values", name: "public:tag", values: (book) => readableNames(book.tags) },
    { kind: "values", name: `public:classification:${(indexesMade += 1)}`, values: (book) => [classificationOf(book)?.notation ?? ""] },
    // The year as the page shows it: in Jakarta, and from "c1998" or "[2001]" too.
    { kind: "values", name: "public:year", values: (book) => [published.get(book)?.slice(0, 4) ?? ""] },
    // One person or firm however written ("Dr. Fauzi Kurniawan, M.Hum.", "Kurniawan, Fauzi"; "PT Erlangga"), as the duplicate check has it.
    { kind: "values", name: "public:author", values: (book) => readableNames([book.author]), fold: nameKey },
    { kind: "values", name: "public:publisher", values: (book) => readableNames([book.publisher]), fold: nameKey },
  ];
  const byTitle = model.records.map((_, position) => position).sort((a, b) => collator.compare(shownTitles[a], shownTitles[b]));
  const titleOrder = new Uint32Array(model.records.length);
  byTitle.forEach((position, place) => (titleOrder[position] = place));
  // The latest first, a year alone after its year's days, "" (none) last. Stable: the newest added first among equals.
  const publishedAt = model.records.map((book) => published.get(book) ?? "");
  const byPublished = model.records.map((_, position) => position).sort((a, b) => (publishedAt[a] === publishedAt[b] ? 0 : publishedAt[a] < publishedAt[b] ? 1 : -1));
  const publishedOrder = new Uint32Array(model.records.length);
  byPublished.forEach((position, place) => (publishedOrder[position] = place));
  const made = { classifications, classificationsKey: classificationsHeld, index, notationOf, facets, titleOrder, publishedOrder };
  indexes.set(model.records, made);
  return made;
}

/** The positions found by a search, best first: its words, and an ISBN/ISSN in any writing. */
function found(index: RankedIndex, q: string): number[] | undefined {
  const key = standardNumberQuery(q);
  if (key === undefined) return index.search(q);
  const byNumber = index.search(key) ?? [];
  // A whole ISBN or ISSN that some book has: those books, not others whose words hold its groups ("978", "623", a class "138").
  if (byNumber.length > 0 && !("error" in parseStandardNumber(key))) return byNumber;
  return [...new Set([...byNumber, ...(index.search(q) ?? [])])];
}

/** The books matching the query, in its order, narrowed by its facets, and the page asked for (the last when it asked past it). */
export async function searchCatalogue(request: Request, query: CatalogueQuery): Promise<CatalogueResult> {
  const [model, classifications] = await Promise.all([catalogueBookCopy(request), catalogueClassifications(request)]);
  const search = searchIndexOf(model, classifications);
  const { records } = model;

  let nearSpelling: string | undefined;
  let candidates: number[] = records.map((_, position) => position);
  if (query.q) {
    // A search of no words ("!!!", an emoji) finds nothing, as the site's search says: not every book under its title.
    let matched = found(search.index, query.q) ?? [];
    if (matched.length === 0) {
      nearSpelling = search.index.nearSpelling(query.q);
      if (nearSpelling) matched = found(search.index, nearSpelling) ?? [];
    }
    candidates = matched;
  }
  if (query.sort === "terbaru") candidates = [...candidates].sort((a, b) => a - b);
  if (query.sort === "judul") candidates = [...candidates].sort((a, b) => search.titleOrder[a] - search.titleOrder[b]);
  if (query.sort === "tahun") candidates = [...candidates].sort((a, b) => search.publishedOrder[a] - search.publishedOrder[b]);

  // By facet, each chosen value's id and the writing the address chose it with ("Kamus" for the list's "KAMUS"): its link takes that one off.
  const chosenAs = FACETS.map((facet, at) => {
    const byId = new Map<number, string>();
    for (const written of query.chosen[facet.name] ?? []) {
      const id = facetValueId(records, search.facets[at], written);
      if (id !== undefined && !byId.has(id)) byId.set(id, written);
    }
    return byId;
  });
  const choices: Array<FacetChoice & { values: number[] }> = FACETS.map((_, at) => ({ name: search.facets[at].name, values: [...chosenAs[at].keys()] }));
  // A value no book holds (a stale link) finds nothing, as a genre with no books would.
  const unheld = FACETS.some(({ name }, at) => (query.chosen[name]?.length ?? 0) > 0 && choices[at].values.length === 0);
  const narrowed = narrowByFacets(records, search.facets, choices.filter((choice) => choice.values.length > 0), unheld ? [] : candidates);

  const pageCount = Math.max(1, Math.ceil(narrowed.positions.length / BOOKS_PER_PAGE));
  const page = Math.min(query.page, pageCount);
  const shown = narrowed.positions.slice((page - 1) * BOOKS_PER_PAGE, page * BOOKS_PER_PAGE);
  const facets = FACETS.flatMap((facet, at): FacetBlockData[] => {
    const counts = narrowed.counts[at];
    if (!facet.listed || counts.kind !== "values") return [];
    const chosenIds = new Set(choices[at].values);
    // Held by some book, or chosen.
    const listed = Math.max(query.all === facet.name ? ALL_LISTED_VALUES : LISTED_VALUES, chosenIds.size);
    const heldValues = counts.values.filter((value) => value.count > 0 || chosenIds.has(value.id));
    const values = firstSorted(heldValues, listed, (a, b) => Number(chosenIds.has(b.id)) - Number(chosenIds.has(a.id)) || b.count - a.count || collator.compare(a.label, b.label))
      .map((value) => ({ value: chosenAs[at].get(value.id) ?? value.label, label: facetLabel(facet.name, value.label, search), count: value.count, chosen: chosenIds.has(value.id) }));
    if (facet.name === "year") values.sort((a, b) => Number(b.chosen) - Number(a.chosen) || b.value.localeCompare(a.value));
    return values.length ? [{ name: facet.name, label: facet.label, values, more: heldValues.length - values.length }] : [];
  });
  return { books: shown.map((position) => bookCard(records[position])), total: narrowed.positions.length, page, pageCount, facets, nearSpelling };
}

function facetLabel(name: FacetName, value: string, search: SearchIndex): string {
  if (name !== "classification") return shownPlainText(value);
  const named = search.classifications.find((each) => each.notation === value);
  return named ? `${named.notation} ${shownPlainText(named.general_name)}` : value;
}

/** The first books a search finds, best first, and how many it finds (the site search's catalogue group). */
export async function topBooks(request: Request, q: string, count: number): Promise<{ books: BookCardData[]; total: number }> {
  const result = await searchCatalogue(request, { q, sort: "relevansi", chosen: {}, page: 1 });
  return { books: result.books.slice(0, count), total: result.total };
}
