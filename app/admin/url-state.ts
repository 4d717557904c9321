/**
 * The state of an admin screen that must survive without JavaScript lives in the URL
 * (design principle 3): `?modal=add`, `?modal=edit&id=7`, `?delete=7`, `?page=2`.
 * Only `page` is carried from one state to the next; a modal or a pending delete never is.
 */

export type ModalState = { kind: "add" } | { kind: "edit"; id: string } | null;

export interface ScreenState {
  modal: ModalState;
  /** The row whose delete waits for confirmation. */
  pendingDelete: string | null;
  /** The page of a paged list that is shown (1 when the list does not page). */
  page: number;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isRecordId(value: string | null | undefined): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

export function readScreenState(search: URLSearchParams): ScreenState {
  const modalName = search.get("modal");
  const id = search.get("id");
  const modal: ModalState =
    modalName === "add" ? { kind: "add" } : modalName === "edit" && isRecordId(id) ? { kind: "edit", id } : null;
  const pendingDelete = search.get("delete");
  const page = Number(search.get("page"));
  return {
    modal,
    pendingDelete: isRecordId(pendingDelete) ? pendingDelete : null,
    // Any page costs one upstream page of `pageSize` records, so no upper bound is needed.
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export type ScreenChange = { modal: "add" } | { modal: "edit"; id: string } | { pendingDelete: string } | { page: number } | "list";

/** A relative URL (`?…`) for the screen in another state, keeping the page that is shown. */
export function screenHref(current: URLSearchParams, change: ScreenChange): string {
  const { page } = readScreenState(current);
  const next = new URLSearchParams();
  if (change !== "list" && "modal" in change) {
    next.set("modal", change.modal);
    if (change.modal === "edit") next.set("id", change.id);
  }
  if (change !== "list" && "pendingDelete" in change) next.set("delete", change.pendingDelete);
  const shownPage = change !== "list" && "page" in change ? change.page : page;
  if (shownPage > 1) next.set("page", String(shownPage));
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/** True when two URLs of a screen differ only in its modal or pending delete. */
export function differsOnlyInOverlay(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  return readScreenState(current.searchParams).page === readScreenState(next.searchParams).page;
}
