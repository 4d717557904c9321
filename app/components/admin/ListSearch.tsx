import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { formatIndonesianNumber } from "~/lib/format";
import type { ListCount } from "~/admin-kit/screen";
import { SEARCH_MAX_LENGTH, type ListView } from "~/admin-kit/url-state";
import { ViewFields } from "./ViewFields";

/** How long typing must pause before the list follows it. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box: a GET form (`?q=`, keeping the rest of the view and the `keep` fields,
 * such as the audit log's filter), so it works without JavaScript, can be bookmarked and comes back with
 * Back. With JavaScript the list follows the typing once it pauses, without a full reload; the
 * first change of a search adds a history entry, the typing after it replaces it, so Back leaves
 * the search instead of stepping through its letters.
 */
export function ListSearch({ view, noun, keep }: { view: ListView; noun: string; keep?: Record<string, string> }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inputId = useId();

  // The search this box sent last: an answer to it leaves the box alone (the admin may be typing
  // on); any other search in the URL (Back, Forward, a link) is shown in the box.
  const sent = useRef(view.q);
  const remember = () => (sent.current = input.current?.value.trim() ?? "");
  useEffect(() => {
    const box = input.current;
    if (box && view.q !== sent.current) box.value = view.q;
    sent.current = view.q;
  }, [view.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const searching = navigation.state === "loading" && new URLSearchParams(navigation.location.search).has("q");
  return (
    <Form
      method="get"
      role="search"
      className="kit-search"
      preventScrollReset
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          remember();
          submit(form, { replace: view.q !== "", preventScrollReset: true });
        }, SEARCH_DEBOUNCE_MS);
      }}
      onSubmit={() => {
        clearTimeout(timer.current);
        remember();
        // A barcode scanner types the next number and Enter straight after: the search just sent
        // stays in the box, selected, so the next one replaces it instead of running on from it.
        input.current?.select();
      }}
    >
      <label htmlFor={inputId} className="kit-search-label">
        Cari {noun}
      </label>
      <input
        ref={input}
        id={inputId}
        type="search"
        name="q"
        defaultValue={view.q}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        className="kit-search-input"
        aria-busy={searching || undefined}
      />
      {Object.entries(keep ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ViewFields view={view} except={(name) => name === "q" || (keep !== undefined && name in keep)} />
      <button type="submit" className="kit-button kit-button-secondary">
        Cari
      </button>
    </Form>
  );
}

/** What a search that found nothing says: "Tidak ada buku yang cocok dengan “x”". */
export function noMatchText(noun: string, q: string): string {
  return `Tidak ada ${noun} yang cocok dengan “${q}”`;
}

/** "Menampilkan 21–40 dari 10.000 buku", in Indonesian number format; "Tidak ada buku" when nothing matches. */
export function countText(count: ListCount, noun: string, q: string): string {
  if (count.total === 0) return q ? noMatchText(noun, q) : `Tidak ada ${noun}`;
  const number = formatIndonesianNumber;
  const matching = q ? ` yang cocok dengan “${q}”` : "";
  return `Menampilkan ${number(count.from)}–${number(count.to)} dari ${number(count.total)} ${noun}${matching}`;
}

export interface SortChoice {
  /** The column's accessor, as `?sort=` names it. */
  value: string;
  /** Its header. */
  label: string;
}

/**
 * The order of a list as a form, for phones: there each row is a card and the table's header
 * links are out of sight. A GET form like the search (`?sort=&dir=`, the rest of the view kept,
 * back to the first page); with JavaScript a change applies at once.
 */
function ListSort({ view, columns }: { view: ListView; columns: SortChoice[] }) {
  const submit = useSubmit();
  const columnId = useId();
  const directionId = useId();
  return (
    <Form
      method="get"
      className="kit-sort-form"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <label htmlFor={columnId}>Urutkan</label>
      <select id={columnId} name="sort" defaultValue={view.sort ?? ""} key={`sort-${view.sort ?? ""}`}>
        <option value="">Terbaru dahulu</option>
        {columns.map((column) => (
          <option key={column.value} value={column.value}>
            {column.label}
          </option>
        ))}
      </select>
      <label htmlFor={directionId} className="visually-hidden">
        Arah urutan
      </label>
      <select id={directionId} name="dir" defaultValue={view.dir} key={`dir-${view.dir}`}>
        <option value="asc">A–Z, terkecil dahulu</option>
        <option value="desc">Z–A, terbesar dahulu</option>
      </select>
      <ViewFields view={view} except={(name) => name === "sort" || name === "dir"} />
      <button type="submit" className="kit-button kit-button-secondary">
        Urutkan
      </button>
    </Form>
  );
}

/**
 * Above a list: its search box, on phones its order (`sortable`), and how many rows match and
 * which are shown (when the list could be read).
 */
export function ListBar({
  view,
  noun,
  keep,
  count,
  sortable,
}: {
  view: ListView;
  noun: string;
  keep?: Record<string, string>;
  count: ListCount | null;
  sortable?: SortChoice[];
}) {
  return (
    <div className="kit-list-bar">
      <ListSearch view={view} noun={noun} keep={keep} />
      {sortable && sortable.length > 0 ? <ListSort view={view} columns={sortable} /> : null}
      {count ? (
        <p className="kit-count" role="status">
          {countText(count, noun, view.q)}
        </p>
      ) : null}
    </div>
  );
}
