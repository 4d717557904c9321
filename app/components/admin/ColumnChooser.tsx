import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { Cells, Column } from "~/admin-kit/screen";

/**
 * Which of a table's columns are shown (issue 47, point 3): those not marked `optional` at first;
 * the admin's choice is kept in this browser (localStorage, per screen) and applies once the page
 * has JavaScript. The server draws the first choice, so a page without JavaScript shows it.
 */

const STORAGE_PREFIX = "kit-columns:";
const CHANGED = "kit-columns-changed";

/** What the browser keeps for a screen, as stored ("" for nothing, or when storage is refused: a private window). */
function stored(key: string): string {
  try {
    return localStorage.getItem(STORAGE_PREFIX + key) ?? "";
  } catch {
    return "";
  }
}

/** A kept choice: the accessors it shows, or undefined for a value another version wrote. */
function parse(text: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((item) => typeof item === "string") ? value : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, shown: string[]): void {
  try {
    localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(shown));
  } catch {
    // Storage refused: the choice lasts as long as the page.
  }
  window.dispatchEvent(new Event(CHANGED));
}

const subscribe = (onChange: () => void) => {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
};

/** The accessors of the columns shown: the stored choice (columns that still exist), else every column not `optional`. */
export function useShownColumns<C extends Cells>(columns: ReadonlyArray<Column<C>>, key: string | undefined): ReadonlySet<string> {
  const kept = useSyncExternalStore(subscribe, () => (key ? stored(key) : ""), () => "");
  const defaults = columns.filter((column) => !column.optional).map((column) => column.accessor);
  const chosen = kept ? parse(kept)?.filter((accessor) => columns.some((column) => column.accessor === accessor)) : undefined;
  return new Set(chosen && chosen.length > 0 ? chosen : defaults);
}

/** "Kolom": a checkbox per column, in the toolbar; at least one stays shown. Drawn once the page has JavaScript. */
export function ColumnChooser<C extends Cells>({ columns, shown, storageKey }: { columns: ReadonlyArray<Column<C>>; shown: ReadonlySet<string>; storageKey: string }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const toggle = useCallback(
    (accessor: string, on: boolean) => {
      const next = columns.map((column) => column.accessor).filter((each) => (each === accessor ? on : shown.has(each)));
      if (next.length > 0) write(storageKey, next);
    },
    [columns, shown, storageKey],
  );
  if (!hydrated) return null;
  return (
    <details className="kit-column-chooser">
      <summary className="kit-button kit-button-secondary">Kolom</summary>
      <fieldset>
        <legend className="visually-hidden">Kolom yang ditampilkan</legend>
        {columns.map((column) => (
          <label key={column.accessor}>
            <input
              type="checkbox"
              checked={shown.has(column.accessor)}
              disabled={shown.has(column.accessor) && shown.size === 1}
              onChange={(event) => toggle(column.accessor, event.currentTarget.checked)}
            />
            {column.header}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
