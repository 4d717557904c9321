import { useCombobox, useMultipleSelection } from "downshift";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { formatIndonesianNumber } from "~/admin/format";
import { optionsHref, OPTIONS_PAGE, PICK_FIELD, pickSearchName, type OptionList, type OptionsAnswer } from "~/admin/pickers";
import type { FieldDefinition, FieldOption } from "~/admin/resource";
import { UNSAVED_CHANGED_ATTRIBUTE } from "~/lib/unsaved-changes";

/**
 * A relation field that chooses among a whole list (a book's author among thousands), issue 22.4.
 * With JavaScript: an accessible combobox (Downshift) that asks `/admin/options/<list>?q=` as
 * the admin types, one choice (author, publisher, classification) or several shown as pills
 * (genres, tags). Without it: the native select or checkboxes offering the chosen options and the
 * first of the list, with a search box whose "Cari" button posts the form back with that search
 * (app/admin/pickers.ts). Either way the form posts the chosen ids under the field's name.
 */

export interface PickerProps {
  definition: FieldDefinition & { optionsFrom: OptionList };
  id: string;
  form?: string;
  required?: boolean;
  disabled?: boolean;
  /** The ids chosen when the form opened (or came back). */
  chosen: string[];
  /** The options offered before any search: the chosen ones first. */
  offered: FieldOption[];
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
}

/** Waits this long after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 200;

function nounOf(definition: FieldDefinition): string {
  return definition.label.toLocaleLowerCase("id-ID");
}

function optionsOf(ids: string[], offered: FieldOption[]): FieldOption[] {
  const byId = new Map(offered.map((option) => [option.value, option]));
  return ids.flatMap((id) => {
    const option = byId.get(id);
    return option ? [option] : [];
  });
}

export function RelationPicker(props: PickerProps) {
  if (!props.hydrated) return <NativePicker {...props} />;
  return props.definition.type === "pills" ? <PillsPicker {...props} /> : <ComboboxPicker {...props} />;
}

/** "20 dari 5.000 pengarang": said when the options offered are not all there are to choose from. */
function partialText(shown: number, total: number, noun: string, { search, more }: { search?: string; more: string }): string | undefined {
  const matching = search ? ` yang cocok dengan “${search}”` : "";
  if (search && total === 0) return `Tidak ada ${noun}${matching}.`;
  if (total <= shown) return undefined;
  return `Menampilkan ${formatIndonesianNumber(shown)} dari ${formatIndonesianNumber(total)} ${noun}${matching}; ${more}.`;
}

/** Without JavaScript: native controls over the offered options, and a search that posts the form back. */
function NativePicker({ definition, id, form, required, disabled, chosen, offered, total, search, invalid, describedBy, labelText, notes }: PickerProps) {
  const { name, type } = definition;
  const noun = nounOf(definition);
  const searchId = `${id}-search`;
  // The first matches of the list or of the search; the chosen options come before them.
  const partial = partialText(Math.min(total, OPTIONS_PAGE), total, noun, { search, more: "cari untuk yang lain" });
  // Back from this picker's search: the admin carries on choosing here.
  const searched = search !== undefined;
  const searchRow = (
    <div className="kit-pick-search">
      <label htmlFor={searchId} className="visually-hidden">
        {`Cari ${noun}`}
      </label>
      <input id={searchId} type="search" name={pickSearchName(name)} form={form} defaultValue={search} placeholder={`Cari ${noun}`} disabled={disabled} />
      <button type="submit" name={PICK_FIELD} value={name} form={form} formNoValidate className="kit-button" disabled={disabled}>
        Cari<span className="visually-hidden">{` ${noun}`}</span>
      </button>
    </div>
  );
  const chosenSet = new Set(chosen);
  if (type === "pills") {
    return (
      <fieldset className="kit-field kit-field-pills kit-pills" aria-describedby={describedBy} id={id}>
        <legend>{labelText}</legend>
        <div className="kit-pill-list">
          {offered.map((option, index) => (
            <label key={option.value} className="kit-pill">
              <input
                type="checkbox"
                name={name}
                form={form}
                value={option.value}
                defaultChecked={chosenSet.has(option.value)}
                disabled={disabled}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the page was drawn anew for this picker's search: focus stays on it
                autoFocus={searched && index === 0}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        {searchRow}
        {partial ? <p className="kit-hint">{partial}</p> : null}
        {notes}
      </fieldset>
    );
  }
  return (
    <div className={`kit-field kit-field-${type}`}>
      <label htmlFor={id}>{labelText}</label>
      <select
        id={id}
        name={name}
        form={form}
        required={required}
        disabled={disabled}
        defaultValue={chosen[0] ?? ""}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the page was drawn anew for this picker's search: focus stays on it
        autoFocus={searched}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      >
        <option value="">Pilih {noun}</option>
        {offered.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {searchRow}
      {partial ? <p className="kit-hint">{partial}</p> : null}
      {notes}
    </div>
  );
}

type SearchStatus = "idle" | "loading" | "failed";

/**
 * The options matching what the admin typed, asked of the server after a pause in the typing;
 * an answer to an older search never replaces a newer one.
 */
function useOptionSearch(list: OptionList, offered: FieldOption[], offeredTotal: number) {
  const [answer, setAnswer] = useState({ q: "", options: offered, total: offeredTotal, status: "idle" as SearchStatus });
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
          const response = await fetch(optionsHref(list, q.trim()), { signal: request.signal, headers: { Accept: "application/json" } });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const found = (await response.json()) as OptionsAnswer;
          if (!Array.isArray(found.options)) throw new Error("not an answer");
          setAnswer({ q, options: found.options, total: found.total, status: "idle" });
        } catch {
          if (!request.signal.aborted) setAnswer((current) => ({ ...current, q, status: "failed" }));
        }
      }, SEARCH_DEBOUNCE_MS);
    },
    [list],
  );
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );
  return { ...answer, search };
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
function ListToggle({ combobox, disabled, noun }: { combobox: Combobox; disabled?: boolean; noun: string }) {
  return (
    <button type="button" className="kit-picker-toggle" {...combobox.getToggleButtonProps({ disabled })} aria-label={`Tampilkan pilihan ${noun}`}>
      <span aria-hidden="true">▾</span>
    </button>
  );
}

/** A picker's open list: its options over the form (nothing under it moves), and what it holds when it holds none. */
function OptionList({
  combobox,
  items,
  selectedValue,
  results,
  noun,
}: {
  combobox: Combobox;
  items: FieldOption[];
  selectedValue?: string;
  results: { status: SearchStatus; q: string; total: number };
  noun: string;
}) {
  return (
    <div className="kit-picker-popup" hidden={!combobox.isOpen}>
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
                {option.label}
              </li>
            ))
          : null}
      </ul>
      {combobox.isOpen ? <MenuStatus status={results.status} q={results.q} count={items.length} total={results.total} noun={noun} /> : null}
    </div>
  );
}

/**
 * Tells the form library the hidden input changed, as typing in a control would: a field whose
 * error shows is checked again at once (conform listens for input events).
 */
function useAnnouncedChange(input: RefObject<HTMLInputElement>, value: string) {
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
function escapeOnlyClosesList(isOpen: boolean) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && !isOpen) (event.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
  };
}

/** One choice: a combobox with typeahead. */
function ComboboxPicker({ definition, id, form, required, disabled, chosen, offered, total, invalid, describedBy, labelText, notes }: PickerProps) {
  const { name, optionsFrom } = definition;
  const noun = nounOf(definition);
  const initial = useMemo(() => optionsOf(chosen.slice(0, 1), offered)[0] ?? null, [chosen, offered]);
  const [selected, setSelected] = useState<FieldOption | null>(initial);
  const results = useOptionSearch(optionsFrom, offered, total);
  const hidden = useRef<HTMLInputElement>(null);
  useAnnouncedChange(hidden, selected?.value ?? "");

  const combobox = useCombobox<FieldOption>({
    items: results.options,
    itemToString: (item) => item?.label ?? "",
    itemToKey: (item) => item?.value,
    selectedItem: selected,
    defaultHighlightedIndex: 0,
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-menu`,
    toggleButtonId: `${id}-toggle`,
    onSelectedItemChange: ({ selectedItem }) => setSelected(selectedItem ?? null),
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) results.search(inputValue ?? "");
    },
    stateReducer: (state, { type, changes }) => {
      // Leaving the field chooses nothing by itself: it shows the current choice again.
      if (type === useCombobox.stateChangeTypes.InputBlur) {
        return { ...changes, selectedItem: state.selectedItem, inputValue: state.selectedItem?.label ?? "" };
      }
      return changes;
    },
  });

  return (
    <div className={`kit-field kit-field-${definition.type}`}>
      <label {...combobox.getLabelProps()}>{labelText}</label>
      <div className="kit-picker">
        <div className="kit-picker-control">
          <input
            {...combobox.getInputProps({
              form,
              disabled,
              required,
              placeholder: `Ketik untuk mencari ${noun}`,
              onKeyDown: escapeOnlyClosesList(combobox.isOpen),
              "aria-invalid": invalid || undefined,
              "aria-describedby": describedBy,
            })}
          />
          {selected && !required ? (
            <button type="button" className="kit-picker-clear" onClick={() => combobox.selectItem(null)} disabled={disabled}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{`Kosongkan ${noun}`}</span>
            </button>
          ) : null}
          <ListToggle combobox={combobox} disabled={disabled} noun={noun} />
        </div>
        <OptionList combobox={combobox} items={results.options} selectedValue={selected?.value} results={results} noun={noun} />
      </div>
      <input ref={hidden} type="hidden" name={name} form={form} value={selected?.value ?? ""} data-unsaved-baseline={initial?.value ?? ""} />
      {notes}
    </div>
  );
}

/** Several choices: pills that can be removed, and a combobox with typeahead that adds one. */
function PillsPicker({ definition, id, form, disabled, chosen, offered, total, describedBy, labelText, notes }: PickerProps) {
  const { name, optionsFrom } = definition;
  const noun = nounOf(definition);
  const initial = useMemo(() => optionsOf(chosen, offered), [chosen, offered]);
  const [selectedItems, setSelectedItems] = useState<FieldOption[]>(initial);
  const [inputValue, setInputValue] = useState("");
  const results = useOptionSearch(optionsFrom, offered, total);
  const chosenIds = new Set(selectedItems.map((item) => item.value));
  const items = results.options.filter((option) => !chosenIds.has(option.value));
  const changed = selectedItems.map((item) => item.value).join("\n") !== initial.map((item) => item.value).join("\n");

  const selection = useMultipleSelection<FieldOption>({
    selectedItems,
    itemToKey: (item) => item?.value,
    onSelectedItemsChange: ({ selectedItems: next }) => setSelectedItems(next ?? []),
  });
  const combobox = useCombobox<FieldOption>({
    items,
    itemToString: (item) => item?.label ?? "",
    itemToKey: (item) => item?.value,
    selectedItem: null,
    inputValue,
    defaultHighlightedIndex: 0,
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-menu`,
    toggleButtonId: `${id}-toggle`,
    stateReducer: (state, { type, changes }) => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          // Stays open for the next choice.
          return { ...changes, isOpen: true, highlightedIndex: 0, inputValue: "" };
        case useCombobox.stateChangeTypes.InputBlur: {
          // Leaving the field adds nothing by itself.
          const { selectedItem: _ignored, ...rest } = changes;
          return { ...rest, inputValue: "" };
        }
        default:
          return changes;
      }
    },
    onStateChange: ({ type, selectedItem, inputValue: typed }) => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          if (selectedItem) {
            setSelectedItems((current) => [...current, selectedItem]);
            setInputValue("");
            results.search("");
          }
          break;
        case useCombobox.stateChangeTypes.InputChange:
          setInputValue(typed ?? "");
          results.search(typed ?? "");
          break;
        case useCombobox.stateChangeTypes.InputBlur:
          setInputValue("");
          break;
        default:
          break;
      }
    },
  });

  return (
    // A fieldset is one of the form's elements: the unsaved-changes check reads its mark.
    <fieldset className="kit-field kit-field-pills kit-pills" aria-describedby={describedBy} {...{ [UNSAVED_CHANGED_ATTRIBUTE]: changed ? "true" : undefined }}>
      {/* The legend names the group and, by its id, the combobox's input. */}
      <legend id={`${id}-label`}>{labelText}</legend>
      {selectedItems.length > 0 ? (
        <ul className="kit-chip-list" aria-label={`${definition.label} terpilih`}>
          {selectedItems.map((item, index) => (
            <li key={item.value} className="kit-chip" {...selection.getSelectedItemProps({ selectedItem: item, index })}>
              {item.label}
              <button
                type="button"
                className="kit-chip-remove"
                disabled={disabled}
                onClick={(event) => {
                  event.stopPropagation();
                  selection.removeSelectedItem(item);
                }}
              >
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{`Hapus ${item.label}`}</span>
              </button>
              <input type="hidden" name={name} form={form} value={item.value} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="kit-picker">
        <div className="kit-picker-control">
          <input
            {...combobox.getInputProps(
              selection.getDropdownProps({
                form,
                disabled,
                placeholder: `Ketik untuk menambah ${noun}`,
                preventKeyAction: combobox.isOpen,
                onKeyDown: escapeOnlyClosesList(combobox.isOpen),
              }),
            )}
          />
          <ListToggle combobox={combobox} disabled={disabled} noun={noun} />
        </div>
        <OptionList combobox={combobox} items={items} results={results} noun={noun} />
      </div>
      {notes}
    </fieldset>
  );
}
