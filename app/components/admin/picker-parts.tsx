import { autoUpdate, flip, offset, size, useFloating } from "@floating-ui/react-dom";
import type { useCombobox } from "downshift";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { formatIndonesianNumber } from "~/lib/format";
import { optionsHref, PICKER_ADD_TEXTS, type OptionList, type OptionsAnswer } from "~/admin-kit/pickers";
import type { FieldDefinition, FieldOption } from "~/admin-kit/screen";

/** What the relation pickers (RelationPicker.tsx, ComboboxPickers.tsx) share: their props, their list's search and its parts. */

export interface PickerProps {
  definition: FieldDefinition & { optionsFrom: OptionList };
  id: string;
  form?: string;
  required?: boolean;
  disabled?: boolean;
  /** The ids chosen when the form opened (or came back). */
  chosen: string[];
  /** The options offered before any search: the chosen ones first. */
  offered: readonly FieldOption[];
  /** How many options the list has, or match `search`. */
  total: number;
  /** The search (without JavaScript) that `offered` answers. */
  search?: string;
  hydrated: boolean;
  invalid: boolean;
  describedBy?: string;
  labelText: ReactNode;
  /** The hint, errors and unresolved note, under the control. */
  notes: ReactNode;
  /** Its list takes a record typed in the picker ("Tambah pengarang baru «…»"). */
  addable?: boolean;
}

/** Waits this long after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 200;

export function nounOf(definition: FieldDefinition): string {
  return definition.label.toLocaleLowerCase("id-ID");
}

export function optionsOf(ids: string[], offered: readonly FieldOption[]): FieldOption[] {
  const byId = new Map(offered.map((option) => [option.value, option]));
  return ids.flatMap((id) => {
    const option = byId.get(id);
    return option ? [option] : [];
  });
}

/** "20 dari 5.000 pengarang": said when the options offered are not all there are to choose from. */
export function partialText(shown: number, total: number, noun: string, { search, more }: { search?: string; more: string }): string | undefined {
  const matching = search ? ` yang cocok dengan “${search}”` : "";
  if (search && total === 0) return `Tidak ada ${noun}${matching}.`;
  if (total <= shown) return undefined;
  return `Menampilkan ${formatIndonesianNumber(shown)} dari ${formatIndonesianNumber(total)} ${noun}${matching}; ${more}.`;
}

type SearchStatus = "idle" | "loading" | "failed";

/**
 * One search of `/admin/options/<list>`: its answer, or undefined when it was redirected. A
 * redirect means the session has ended (the upstream refused its token, app/routes/admin.options.$list.tsx,
 * or it expired): the page then goes where it was sent, `/` logged out, as any admin page's would,
 * rather than show the list as failed. Throws when the answer is not the options.
 */
export async function askOptions(href: string, signal: AbortSignal, leave = (url: string) => window.location.assign(url)): Promise<OptionsAnswer | undefined> {
  const response = await fetch(href, { signal, headers: { Accept: "application/json" } });
  if (response.redirected) {
    leave(response.url);
    return undefined;
  }
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const found = (await response.json()) as OptionsAnswer;
  if (!Array.isArray(found.options)) throw new Error("not an answer");
  return found;
}

/**
 * The options matching what the admin typed, asked of the server after a pause in the typing;
 * an answer to an older search never replaces a newer one.
 */
export function useOptionSearch(list: OptionList, offered: readonly FieldOption[], offeredTotal: number) {
  const [answer, setAnswer] = useState({ q: "", options: [...offered], total: offeredTotal, status: "idle" as SearchStatus });
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const pending = useRef<AbortController>();

  const search = useCallback(
    (q: string) => {
      clearTimeout(timer.current);
      pending.current?.abort();
      setAnswer((current) => ({ ...current, status: "loading" }));
      timer.current = setTimeout(async () => {
        const request = new AbortController();
        pending.current = request;
        try {
          const found = await askOptions(optionsHref(list, q.trim()), request.signal);
          if (found) setAnswer({ q, options: found.options, total: found.total, status: "idle" });
        } catch {
          if (!request.signal.aborted) setAnswer((current) => ({ ...current, q, status: "failed" }));
        }
      }, SEARCH_DEBOUNCE_MS);
    },
    [list],
  );
  // A choice ends the search: the typed text gave way to the chosen option. What is still waiting
  // or on its way is dropped (it would only cost a request, and one answered after the session
  // ended would leave the page), and the list offers its first options again, which answer an
  // empty search without asking.
  const reset = useCallback(() => {
    clearTimeout(timer.current);
    pending.current?.abort();
    setAnswer({ q: "", options: [...offered], total: offeredTotal, status: "idle" });
  }, [offered, offeredTotal]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );
  return { ...answer, search, reset };
}

/** Says what the open list holds when it holds no option to choose: still loading, failed, or nothing matches. */
function MenuStatus({ status, q, count, total, noun }: { status: SearchStatus; q: string; count: number; total: number; noun: string }) {
  let text: string | undefined;
  if (status === "failed") text = `Daftar ${noun} tidak dapat dimuat. Coba ketik lagi.`;
  else if (status === "loading" && count === 0) text = "Memuat…";
  else if (count === 0) text = q.trim() ? `Tidak ada ${noun} yang cocok dengan “${q.trim()}”.` : `Belum ada ${noun}.`;
  else text = partialText(count, total, noun, { more: "ketik untuk mempersempit" });
  return text ? <p className="kit-picker-status">{text}</p> : null;
}

type Combobox = ReturnType<typeof useCombobox<FieldOption>>;

/** The button beside a picker's input that opens its list (out of the tab order: the input opens it with ArrowDown). */
export function ListToggle({ combobox, disabled, noun }: { combobox: Combobox; disabled?: boolean; noun: string }) {
  return (
    <button type="button" className="kit-picker-toggle" {...combobox.getToggleButtonProps({ disabled })} aria-label={`Tampilkan pilihan ${noun}`}>
      <span aria-hidden="true">▾</span>
    </button>
  );
}

/** A picker's open list: its options over the form (nothing under it moves), and what it holds when it holds none. */
/**
 * What tells an option from a look-alike, under its label. Part of its accessible name, as it is
 * of what the eye reads, after a dash only a screen reader says: "Fitri Sutrisno — 12 buku · Guru …".
 */
export function OptionDetail({ option }: { option: FieldOption }) {
  return option.detail ? (
    <span className="kit-picker-detail">
      <span className="visually-hidden"> — </span>
      {option.detail}
    </span>
  ) : null;
}

/** Room kept between the option list and the edge of what clips it (the window, the modal's body). */
const LIST_MARGIN_PX = 8;
/** Below this height the list opens on the other side of its field, or is squeezed no further. */
const LIST_MIN_HEIGHT_PX = 120;

/**
 * The open list of a picker, placed by Floating UI beside `anchor` (the field's control): below
 * it, or above when there is more room there, and never taller than the room left inside the
 * window and whatever clips the field (the modal's scrolling body, above its footer), so that
 * every option can be scrolled to and seen. It follows the field as the form scrolls.
 */
export function OptionList({
  anchor,
  combobox,
  items,
  selectedValue,
  results,
  noun,
}: {
  anchor: RefObject<HTMLElement | null>;
  combobox: Combobox;
  items: FieldOption[];
  selectedValue?: string;
  results: { status: SearchStatus; q: string; total: number };
  noun: string;
}) {
  const { refs, floatingStyles } = useFloating({
    open: combobox.isOpen,
    placement: "bottom-start",
    // Fixed: the modal's body scrolls and would clip an absolutely placed list.
    strategy: "fixed",
    // Placed (and followed on scroll and resize) only while open.
    elements: { reference: combobox.isOpen ? anchor.current : null },
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(2),
      flip({ padding: LIST_MARGIN_PX, fallbackAxisSideDirection: "none" }),
      size({
        padding: LIST_MARGIN_PX,
        apply({ availableHeight, rects, elements }) {
          elements.floating.style.width = `${rects.reference.width}px`;
          elements.floating.style.maxHeight = `${Math.max(LIST_MIN_HEIGHT_PX, Math.floor(availableHeight))}px`;
        },
      }),
    ],
  });
  return (
    <div ref={refs.setFloating} style={floatingStyles} className="kit-picker-popup" hidden={!combobox.isOpen}>
      <ul {...combobox.getMenuProps()} className="kit-picker-menu">
        {combobox.isOpen
          ? items.map((option, index) => (
              <li
                key={option.value}
                className={[
                  "kit-picker-option",
                  combobox.highlightedIndex === index ? "is-highlighted" : "",
                  selectedValue === option.value ? "is-selected" : "",
                ].join(" ")}
                {...combobox.getItemProps({ item: option, index })}
              >
                {isAddOption(option) ? (
                  <span className="kit-picker-add">{PICKER_ADD_TEXTS.add(noun, option.label)}</span>
                ) : (
                  <>
                    {option.label}
                    <OptionDetail option={option} />
                  </>
                )}
              </li>
            ))
          : null}
      </ul>
      {combobox.isOpen ? <MenuStatus status={results.status} q={results.q} count={items.filter((item) => !isAddOption(item)).length} total={results.total} noun={noun} /> : null}
    </div>
  );
}

/**
 * Tells the form library the hidden input changed, as typing in a control would: a field whose
 * error shows is checked again at once (conform listens for input events).
 */
export function useAnnouncedChange(input: RefObject<HTMLInputElement>, value: string) {
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    input.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [input, value]);
}

/**
 * Escape closes an open list (and goes no further); with the list closed it is left to the dialog,
 * which closes, instead of Downshift's own use of it then: emptying the choice.
 */
export function escapeOnlyClosesList(isOpen: boolean) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && !isOpen) (event.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
  };
}

/** The last item of an open list where its list takes an added record: "Tambah pengarang baru «…»", its label what was typed. */
const ADD_OPTION_VALUE = "\u0000add";

export function isAddOption(option: FieldOption | null | undefined): boolean {
  return option?.value === ADD_OPTION_VALUE;
}

/**
 * The items of an open list: the options, then adding what was typed, where the list takes it and
 * no option already bears that very name (case and spaces aside: a look-alike is the duplicate
 * check's to point out).
 */
export function withAddOption(options: FieldOption[], typed: string, addable: boolean | undefined): FieldOption[] {
  const label = typed.trim().replace(/\s+/g, " ");
  if (!addable || label === "") return options;
  const same = (text: string) => text.trim().replace(/\s+/g, " ").toLocaleLowerCase("id-ID") === label.toLocaleLowerCase("id-ID");
  return options.some((option) => same(option.label)) ? options : [...options, { value: ADD_OPTION_VALUE, label }];
}
