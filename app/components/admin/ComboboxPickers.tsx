import { useCombobox, useMultipleSelection } from "downshift";
import { useCallback, useMemo, useRef, useState } from "react";
import type { FieldOption } from "~/admin-kit/screen";
import { DRAFT_LABEL_ATTRIBUTE } from "~/lib/form-drafts";
import { UNSAVED_CHANGED_ATTRIBUTE } from "~/lib/unsaved-changes";
import {
  escapeOnlyClosesList,
  isAddOption,
  ListToggle,
  nounOf,
  OptionList,
  optionsOf,
  useAnnouncedChange,
  useOptionSearch,
  withAddOption,
  type PickerProps,
} from "./picker-parts";
import { InlineAddNotice, useInlineAdd } from "./picker-add";

/** The relation pickers with JavaScript (RelationPicker.tsx): Downshift comboboxes asking `/admin/options/<list>?q=` as the admin types. */

/** One choice: a combobox with typeahead. */
export function ComboboxPicker({ definition, id, form, required, disabled, chosen, offered, total, invalid, describedBy, labelText, notes, addable }: PickerProps) {
  const { name, optionsFrom } = definition;
  const noun = nounOf(definition);
  const initial = useMemo(() => optionsOf(chosen.slice(0, 1), offered)[0] ?? null, [chosen, offered]);
  const [selected, setSelected] = useState<FieldOption | null>(initial);
  const results = useOptionSearch(optionsFrom, offered, total);
  const hidden = useRef<HTMLInputElement>(null);
  const control = useRef<HTMLDivElement>(null);
  useAnnouncedChange(hidden, selected?.value ?? "");
  const { reset } = results;
  const choose = useCallback(
    (option: FieldOption) => {
      setSelected(option);
      reset();
    },
    [reset],
  );
  const adder = useInlineAdd(optionsFrom, choose);
  // Adding what was typed, once the search for it has answered.
  const items = withAddOption(results.options, results.status === "idle" ? results.q : "", addable);

  const combobox = useCombobox<FieldOption>({
    items,
    itemToString: (item) => item?.label ?? "",
    itemToKey: (item) => item?.value,
    selectedItem: selected,
    defaultHighlightedIndex: 0,
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-menu`,
    toggleButtonId: `${id}-toggle`,
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem && isAddOption(selectedItem)) return void adder.add(selectedItem.label);
      setSelected(selectedItem ?? null);
      results.reset();
    },
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
        <div className="kit-picker-control" ref={control}>
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
        <OptionList anchor={control} combobox={combobox} items={items} selectedValue={selected?.value} results={results} noun={noun} />
      </div>
      {addable ? <InlineAddNotice adder={adder} screen={optionsFrom} onPick={choose} /> : null}
      <input
        ref={hidden}
        type="hidden"
        name={name}
        form={form}
        value={selected?.value ?? ""}
        data-unsaved-baseline={initial?.value ?? ""}
        // The chosen option's name, for a draft of the form (app/lib/form-drafts.ts).
        {...{ [DRAFT_LABEL_ATTRIBUTE]: selected?.label }}
      />
      {notes}
    </div>
  );
}

/** Several choices: pills that can be removed, and a combobox with typeahead that adds one. */
export function PillsPicker({ definition, id, form, disabled, chosen, offered, total, describedBy, labelText, notes, addable }: PickerProps) {
  const { name, optionsFrom } = definition;
  const noun = nounOf(definition);
  const initial = useMemo(() => optionsOf(chosen, offered), [chosen, offered]);
  const [selectedItems, setSelectedItems] = useState<FieldOption[]>(initial);
  const [inputValue, setInputValue] = useState("");
  const results = useOptionSearch(optionsFrom, offered, total);
  const control = useRef<HTMLDivElement>(null);
  const chosenIds = new Set(selectedItems.map((item) => item.value));
  // An option already among the pills is not added again (one click can be reported twice, below).
  const addPill = useCallback((option: FieldOption) => setSelectedItems((current) => (current.some((item) => item.value === option.value) ? current : [...current, option])), []);
  const adder = useInlineAdd(optionsFrom, addPill);
  const items = withAddOption(
    results.options.filter((option) => !chosenIds.has(option.value)),
    results.status === "idle" ? results.q : "",
    addable,
  );
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
            // One click can be reported twice: a mouse move onto the option (a continuous update
            // React renders later) still pending when the click (a discrete one) is rendered is
            // replayed with the click after it, and Downshift reports the click's choice again
            // from the new state (selectedItem is held at null here, so it always looks new).
            if (isAddOption(selectedItem)) void adder.add(selectedItem.label);
            else addPill(selectedItem);
            setInputValue("");
            results.reset();
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
              <input type="hidden" name={name} form={form} value={item.value} {...{ [DRAFT_LABEL_ATTRIBUTE]: item.label }} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="kit-picker">
        <div className="kit-picker-control" ref={control}>
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
        <OptionList anchor={control} combobox={combobox} items={items} results={results} noun={noun} />
      </div>
      {addable ? <InlineAddNotice adder={adder} screen={optionsFrom} onPick={addPill} /> : null}
      {notes}
    </fieldset>
  );
}
