import { useLocation } from "@remix-run/react";
import { addFormHref, OPTIONS_PAGE, PICK_FIELD, PICKER_ADD_TEXTS, pickSearchName } from "~/admin-kit/pickers";
import { ComboboxPicker, PillsPicker } from "./ComboboxPickers";
import { nounOf, OptionDetail, partialText, type PickerProps } from "./picker-parts";

/**
 * A relation field that chooses among a whole list (a book's author among thousands), issue 22.4.
 * With JavaScript: an accessible combobox (Downshift) that asks `/admin/options/<list>?q=` as
 * the admin types, one choice (author, publisher, classification) or several shown as pills
 * (genres, tags). Without it: the native select or checkboxes offering the chosen options and the
 * first of the list, with a search box whose "Cari" button posts the form back with that search
 * (app/admin-kit/pickers.ts). Either way the form posts the chosen ids under the field's name.
 */

export function RelationPicker(props: PickerProps) {
  if (!props.hydrated) return <NativePicker {...props} />;
  return props.definition.type === "pills" ? <PillsPicker {...props} /> : <ComboboxPicker {...props} />;
}

/** Without JavaScript: native controls over the offered options, and a search that posts the form back. */
function NativePicker({ definition, id, form, required, disabled, chosen, offered, total, search, invalid, describedBy, labelText, notes, addable }: PickerProps) {
  const { name, type, optionsFrom } = definition;
  const noun = nounOf(definition);
  const location = useLocation();
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
      {addable ? (
        // Its list's own add form, which comes back here once it saved (what was typed here is not kept).
        <a className="kit-button" href={addFormHref(optionsFrom, `${location.pathname}${location.search}`)}>
          {PICKER_ADD_TEXTS.addLink(noun)}
        </a>
      ) : null}
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
              <span>
                {option.label}
                <OptionDetail option={option} />
              </span>
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
            {option.detail ? `${option.label} (${option.detail})` : option.label}
          </option>
        ))}
      </select>
      {searchRow}
      {partial ? <p className="kit-hint">{partial}</p> : null}
      {notes}
    </div>
  );
}
