import { Form, Link, useSearchParams, useSubmit } from "@remix-run/react";
import { useId, useRef, type FormEvent, type KeyboardEvent } from "react";
import { FILTER_TEXTS, rangeParams, type FilterView, type ListFilters, type RangeFilterView, type ValueFilterView } from "~/admin-kit/filters";
import { ROWS_PER_PAGE, withoutFilter, withoutFilters, type ListView } from "~/admin-kit/url-state";
import { formatIndonesianNumber } from "~/lib/format";
import { ViewFields } from "./ViewFields";

/**
 * A form's selects applied as they change, with JavaScript: at once when chosen with the pointer,
 * and from the keyboard on Enter (or the form's button), so that an arrow key moves through the
 * options without reloading the list under the admin's focus (WCAG 3.2.2).
 */
function useSelectApplies(apply: (form: HTMLFormElement) => void) {
  const byKeyboard = useRef(false);
  return {
    onPointerDown: () => {
      byKeyboard.current = false;
    },
    onKeyDown: (event: KeyboardEvent<HTMLFormElement>) => {
      if (!(event.target instanceof HTMLSelectElement)) return;
      if (event.key !== "Enter") byKeyboard.current = true;
      else {
        event.preventDefault();
        apply(event.currentTarget);
      }
    },
    onChange: (event: FormEvent<HTMLFormElement>) => {
      if (event.target instanceof HTMLSelectElement && !byKeyboard.current) apply(event.currentTarget);
    },
  };
}

/**
 * A list's filters (issue 47, point 2), folded under "Saring": one GET form, a select per value filter with the count
 * of records beside each option and two bounds per range, so that it works as a form without
 * JavaScript; with it a select applies at once. The chosen filters show as chips that remove
 * them, and the notes say what in the URL was not used.
 */
export function ListFilterBar({ view, shown, notes }: { view: ListView; shown: ListFilters | undefined; notes: readonly string[] }) {
  const [searchParams] = useSearchParams();
  const submit = useSubmit();
  const selectApplies = useSelectApplies((form) => submit(form, { preventScrollReset: true }));
  const legendId = useId();
  if (!shown && notes.length === 0) return null;
  const filterNames = new Set(shown?.filters.flatMap((filter) => (filter.kind === "values" ? [filter.name] : Object.values(rangeParams(filter.name)))));
  return (
    <div className="kit-filters">
      {shown ? (
        // Folded away until wanted, so that the table keeps the screen; open while a filter is chosen.
        <details className="kit-filter-panel" open={shown.chips.length > 0 || undefined}>
          <summary id={legendId}>
            {FILTER_TEXTS.legend}
            {shown.chips.length > 0 ? ` (${shown.chips.length})` : ""}
          </summary>
          {/* A select applies at once; a bound waits for its button (a year is typed digit by digit). */}
          <Form method="get" className="kit-filter-form" preventScrollReset aria-labelledby={legendId} {...selectApplies}>
            {shown.filters.map((filter) => (
              <FilterInput key={filter.name} filter={filter} />
            ))}
            <ViewFields view={view} except={(name) => filterNames.has(name)} />
            <button type="submit" className="kit-button kit-button-secondary">
              {FILTER_TEXTS.apply}
            </button>
          </Form>
        </details>
      ) : null}
      {shown && shown.chips.length > 0 ? (
        <ul className="kit-filter-chips" aria-label="Filter yang dipakai">
          {shown.chips.map((chip) => (
            <li key={`${chip.names.join("+")}=${chip.value ?? ""}`}>
              <Link to={withoutFilter(searchParams, chip)} preventScrollReset className="kit-filter-chip" aria-label={FILTER_TEXTS.remove(chip.text)}>
                {chip.text}
                <span aria-hidden="true"> ×</span>
              </Link>
            </li>
          ))}
          {shown.chips.length > 1 ? (
            <li>
              <Link to={withoutFilters(searchParams)} preventScrollReset className="kit-filter-chip kit-filter-chip-clear">
                {FILTER_TEXTS.clear}
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
      {notes.length > 0 ? (
        <ul className="kit-notes" role="status">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function FilterInput({ filter }: { filter: FilterView }) {
  return filter.kind === "values" ? <ValueSelect filter={filter} /> : <RangeInputs filter={filter} />;
}

function ValueSelect({ filter }: { filter: ValueFilterView }) {
  const id = useId();
  // A select holds one value; the others the URL chose stay in the form as they are.
  const [first, ...others] = filter.chosen;
  return (
    <div className="kit-filter">
      <label htmlFor={id}>{filter.label}</label>
      <select id={id} name={filter.name} defaultValue={first ?? ""} key={filter.chosen.join("\n")}>
        <option value="">{FILTER_TEXTS.any}</option>
        {filter.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label ?? option.value} ({formatIndonesianNumber(option.count)})
          </option>
        ))}
      </select>
      {others.map((value) => (
        <input key={value} type="hidden" name={filter.name} value={value} />
      ))}
      {filter.more > 0 ? <p className="kit-filter-more">{FILTER_TEXTS.more(filter.more)}</p> : null}
    </div>
  );
}

function RangeInputs({ filter }: { filter: RangeFilterView }) {
  const id = useId();
  const params = rangeParams(filter.name);
  const input = filter.unit === "year" ? { type: "number", inputMode: "numeric" as const, min: 1, max: 9999, className: "kit-filter-year" } : { type: "date" };
  return (
    <fieldset className="kit-filter kit-filter-range">
      <legend>{filter.label}</legend>
      <label htmlFor={`${id}-from`} className="visually-hidden">
        {filter.label} {FILTER_TEXTS.from}
      </label>
      <input id={`${id}-from`} name={params.from} defaultValue={filter.from} key={`from-${filter.from}`} placeholder={filter.min} {...input} />
      <span aria-hidden="true">–</span>
      <label htmlFor={`${id}-to`} className="visually-hidden">
        {filter.label} {FILTER_TEXTS.to}
      </label>
      <input id={`${id}-to`} name={params.to} defaultValue={filter.to} key={`to-${filter.to}`} placeholder={filter.max} {...input} />
    </fieldset>
  );
}

/** Rows per page (20, 50 or 100) as a GET form keeping the rest of the view; with JavaScript a change applies at once. */
export function RowsPerPage({ view, perPage }: { view: ListView; perPage: number }) {
  const submit = useSubmit();
  const selectApplies = useSelectApplies((form) => submit(form, { preventScrollReset: true }));
  const id = useId();
  return (
    <Form method="get" className="kit-per-page" preventScrollReset {...selectApplies}>
      <label htmlFor={id}>{FILTER_TEXTS.perPage}</label>
      <select id={id} name="perPage" defaultValue={perPage} key={perPage}>
        {ROWS_PER_PAGE.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <ViewFields view={view} except={(name) => name === "perPage"} />
      <button type="submit" className="kit-button kit-button-secondary">
        {FILTER_TEXTS.show}
      </button>
    </Form>
  );
}
