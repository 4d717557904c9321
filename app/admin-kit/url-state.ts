/**
 * The state of an admin screen that must survive without JavaScript lives in the URL
 * (design principle 3): `?modal=add`, `?modal=edit&id=7`, `?delete=7`, and the list's view:
 * `?q=` (search), `?sort=&dir=` (order), its filters (`?genre=Sejarah`, `?year_from=1990`: any
 * other parameter, app/admin-kit/filters.ts), `?perPage=` and `?page=`. The view is carried from
 * one state to the next; a modal or a pending delete never is.
 */

export type ModalState = { kind: "add" } | { kind: "edit"; id: string } | null;

export type SortDirection = "asc" | "desc";

/** Which rows a list shows and in what order: what the search box, the headers and the pages set. */
export interface ListView {
  /** The search text, trimmed ("" when none). */
  q: string;
  /** The column the list is ordered by (its accessor); null: the default order, newest first. */
  sort: string | null;
  dir: SortDirection;
  /** The page shown (1 when the list does not page). */
  page: number;
  /** Rows per page as the URL asks (null: the screen's own); the server keeps it to ROWS_PER_PAGE. */
  perPage: number | null;
  /** The filters as the URL names them, in its order: the server checks them against the list's own. */
  filters: ReadonlyArray<readonly [name: string, value: string]>;
  /** The URL named more than MAX_FILTER_PARAMS filter values: the rest were dropped. */
  filtersCut: boolean;
}

export interface ScreenState extends ListView {
  modal: ModalState;
  /** The row whose delete waits for confirmation. */
  pendingDelete: string | null;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** A column's accessor; which ones a screen can be ordered by is the server's to check. */
const SORT_PATTERN = /^[A-Za-z0-9_]{1,64}$/;
/** Longer search text is cut here: no title or name an admin types is longer. */
export const SEARCH_MAX_LENGTH = 200;

/** The rows per page a paged list offers; the first is the default. */
export const ROWS_PER_PAGE = [20, 50, 100] as const;
/** Filter values read from a URL at most: a hand-made URL with more is cut, and told so. */
export const MAX_FILTER_PARAMS = 20;
/** Where a screen opened from another form's picker goes back to once it added a record (app/admin-kit/pickers.ts). */
export const BACK_PARAM = "back";

/** The parameters that are not filters: the view's own, the screen's overlays, the export's file format (export.ts, `EXPORT_PARAMS`), a selection (bulk.ts), the way back to a picker's form, Remix's. */
const NOT_FILTERS = new Set(["q", "sort", "dir", "page", "perPage", "modal", "id", "delete", "format", "sep", "select", "ids", "all", BACK_PARAM, "index", "_data"]);
const FILTER_NAME = /^[a-z][a-z0-9_]{0,40}$/;

export function isRecordId(value: string | null | undefined): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

export function readListView(search: URLSearchParams): ListView {
  const q = (search.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  const sort = search.get("sort");
  const page = Number(search.get("page"));
  const perPage = Number(search.get("perPage"));
  const filters = [...search].filter(([name, value]) => !NOT_FILTERS.has(name) && FILTER_NAME.test(name) && value.trim() !== "");
  return {
    q,
    sort: sort !== null && SORT_PATTERN.test(sort) ? sort : null,
    dir: search.get("dir") === "desc" ? "desc" : "asc",
    // The BFF pages its own copy of the list (read-model.server.ts): a page past the end shows the last.
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    perPage: search.has("perPage") && Number.isFinite(perPage) && perPage > 0 ? perPage : null,
    filters: filters.slice(0, MAX_FILTER_PARAMS).map(([name, value]) => [name, value.trim().slice(0, SEARCH_MAX_LENGTH)] as const),
    filtersCut: filters.length > MAX_FILTER_PARAMS,
  };
}

export function readScreenState(search: URLSearchParams): ScreenState {
  const modalName = search.get("modal");
  const id = search.get("id");
  const modal: ModalState =
    modalName === "add" ? { kind: "add" } : modalName === "edit" && isRecordId(id) ? { kind: "edit", id } : null;
  const pendingDelete = search.get("delete");
  return {
    ...readListView(search),
    modal,
    pendingDelete: isRecordId(pendingDelete) ? pendingDelete : null,
  };
}

export type ScreenChange =
  | { modal: "add" }
  | { modal: "edit"; id: string }
  | { pendingDelete: string }
  | { page: number }
  | { sort: string; dir: SortDirection }
  | "list";

/** The list view's part of a query, in a fixed order; the default view is no parameters at all. */
export function listViewParams(view: Omit<ListView, "page" | "filtersCut"> & { page?: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  if (view.sort) {
    params.set("sort", view.sort);
    params.set("dir", view.dir);
  }
  for (const [name, value] of view.filters) params.append(name, value);
  if (view.perPage !== null) params.set("perPage", String(view.perPage));
  if (view.page && view.page > 1) params.set("page", String(view.page));
  return params;
}

/** A relative URL (`?…`) for the screen in another state, keeping the list's view (search, order, page). */
export function screenHref(current: URLSearchParams, change: ScreenChange): string {
  const view = readListView(current);
  const next = new URLSearchParams();
  if (change !== "list" && "modal" in change) {
    next.set("modal", change.modal);
    if (change.modal === "edit") next.set("id", change.id);
  }
  if (change !== "list" && "pendingDelete" in change) next.set("delete", change.pendingDelete);
  // Another order starts from the first page; another page keeps the order.
  const shown =
    change !== "list" && "sort" in change
      ? { ...view, sort: change.sort, dir: change.dir, page: 1 }
      : { ...view, page: change !== "list" && "page" in change ? change.page : view.page };
  for (const [name, value] of listViewParams(shown)) next.append(name, value);
  return searchOf(next);
}

/** The view's URL without a chip's filter (one value of a parameter, or every value of some), from its first page. */
export function withoutFilter(current: URLSearchParams, chip: { names: readonly string[]; value?: string }): string {
  const view = readListView(current);
  const removes = ([name, value]: readonly [string, string]) => chip.names.includes(name) && (chip.value === undefined || (name === chip.names[0] && value === chip.value));
  const filters = view.filters.filter((filter) => !removes(filter));
  return searchOf(listViewParams({ ...view, filters, page: 1 }));
}

/** The view's URL without any filter, from its first page. */
export function withoutFilters(current: URLSearchParams): string {
  return searchOf(listViewParams({ ...readListView(current), filters: [], page: 1 }));
}

/** A relative URL of these parameters: `?…`, or `?` alone for none (a link to the default view). */
function searchOf(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** The list's view without its page, as a key: appended pages belong to one view. */
export function listViewKey(view: ListView): string {
  return listViewParams({ ...view, page: 1 }).toString();
}

/** True when two URLs of a screen differ only in its modal or pending delete. */
export function differsOnlyInOverlay(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const [before, after] = [readListView(current.searchParams), readListView(next.searchParams)];
  return listViewKey(before) === listViewKey(after) && before.page === after.page;
}
