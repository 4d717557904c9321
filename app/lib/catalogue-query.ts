import { CATALOGUE_PATH, CATALOGUE_QUERY_MAX_CHARS } from "./paths.ts";

/**
 * Koleksi Digital's address (`/katalog?q=&sort=&genre=&tag=&classification=&year=&author=&publisher=&page=&semua=`):
 * read leniently (an unknown order is the default one, a page that is no page number the
 * first, at most `MAX_VALUES_PER_FACET` values per facet, each cut to the query's length), and
 * written back with only what is set, so that every link and form of the page carries the rest.
 */

export const SORTS = { relevansi: "Paling relevan", judul: "Judul (A–Z)", terbaru: "Terbaru", tahun: "Tahun terbit" } as const;
export type CatalogueSort = keyof typeof SORTS;

/** The facets a visitor narrows by, by their parameter; those `listed` show with their counts. */
export const FACETS = [
  { name: "genre", label: "Genre", listed: true },
  { name: "tag", label: "Tag", listed: true },
  { name: "classification", label: "Klasifikasi", listed: true },
  { name: "year", label: "Tahun terbit", listed: true },
  { name: "author", label: "Pengarang", listed: false },
  { name: "publisher", label: "Penerbit", listed: false },
] as const;
export type FacetName = (typeof FACETS)[number]["name"];

/** Values read per facet: more is no visitor's choice (1,000 `genre=` are read as 20). */
export const MAX_VALUES_PER_FACET = 20;

export interface CatalogueQuery {
  q: string;
  sort: CatalogueSort;
  /** By facet: the values chosen, as written in the address. */
  chosen: Partial<Record<FacetName, string[]>>;
  page: number;
  /** The listed facet shown with all its values (`?semua=genre`), not only its first ones. */
  all?: FacetName;
}

/** The parameter that shows one facet whole. */
export const ALL_VALUES_PARAM = "semua";

/** A facet as the catalogue's loader counts it. */
export interface FacetBlockData {
  name: FacetName;
  label: string;
  values: Array<{ value: string; label: string; count: number; chosen: boolean }>;
  /** Values some book holds that are not listed (`all` lists them). */
  more: number;
}

/**
 * A text as searched (the catalogue's words and facet values, the site search's words): control
 * characters (a NUL, a scanner's CR or tab) are spaces, the ends trimmed, and at most `max`
 * UTF-16 units (an input's `maxLength`) kept without halving a character ("📚" at the cut).
 */
export function searchedText(value: string, max: number): string {
  const kept = value.replace(/\p{Cc}/gu, " ").trim().slice(0, max);
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
}

const cut = (value: string) => searchedText(value, CATALOGUE_QUERY_MAX_CHARS);

/** Relevance for a search, newest first for the whole list. */
export const defaultSort = (q: string): CatalogueSort => (q ? "relevansi" : "terbaru");

export function parseCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  const q = cut(params.get("q") ?? "");
  const sort = params.get("sort") ?? "";
  const chosen: CatalogueQuery["chosen"] = {};
  for (const { name } of FACETS) {
    const values = [...new Set(params.getAll(name).slice(0, MAX_VALUES_PER_FACET).map(cut))].filter((value) => value !== "");
    if (values.length) chosen[name] = values;
  }
  const page = params.get("page") ?? "";
  const all = FACETS.find((facet) => facet.listed && facet.name === params.get(ALL_VALUES_PARAM))?.name;
  return {
    q,
    sort: Object.hasOwn(SORTS, sort) ? (sort as CatalogueSort) : defaultSort(q),
    chosen,
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
    ...(all ? { all } : {}),
  };
}

/** The address of a query: only what is set, the default order and the first page left out. */
export function catalogueHref(query: CatalogueQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.sort !== defaultSort(query.q)) params.set("sort", query.sort);
  for (const { name } of FACETS) for (const value of query.chosen[name] ?? []) params.append(name, value);
  if (query.page > 1) params.set("page", String(query.page));
  if (query.all) params.set(ALL_VALUES_PARAM, query.all);
  const search = params.toString();
  return search ? `${CATALOGUE_PATH}?${search}` : CATALOGUE_PATH;
}

/** The query with a facet's value chosen, or taken off when it was chosen; back to the first page. */
export function toggled(query: CatalogueQuery, name: FacetName, value: string): CatalogueQuery {
  const values = query.chosen[name] ?? [];
  const next = values.includes(value) ? values.filter((each) => each !== value) : [...values, value];
  return { ...query, chosen: { ...query.chosen, [name]: next }, page: 1 };
}

/** The whole list narrowed by one value (an author's, a genre's books): a link from a card or a book's page. */
export function facetHref(name: FacetName, value: string): string {
  return catalogueHref({ q: "", sort: "terbaru", chosen: { [name]: [value] }, page: 1 });
}

/** Whether the query narrows the list at all. */
export const narrowed = (query: CatalogueQuery) => Boolean(query.q) || Object.values(query.chosen).some((values) => values.length > 0);
