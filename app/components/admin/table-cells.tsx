import { Link } from "@remix-run/react";
import type { CSSProperties } from "react";
import type { CellValue, Cells, Column } from "~/admin-kit/screen";
import type { SortDirection } from "~/admin-kit/url-state";
import { isResizableUpload, responsiveImage } from "~/lib/images";

/** What DataTable.tsx draws in its cells and headers: a cell's colour and content, a sortable column's link. */

/** Header links that order the rows by a column (`?sort=&dir=`); they work without JavaScript. */
export interface Sorting {
  /** The column the rows are ordered by, or null for the default order. */
  column: string | null;
  dir: SortDirection;
  /** The columns that can be ordered by. */
  sortable: ReadonlySet<string>;
  href(column: string, dir: SortDirection): string;
}

/** Spec §2: a cell is coloured only when its value is not "0", not empty and not null. */
export function hasColourableValue(value: CellValue | undefined): boolean {
  return value !== null && value !== undefined && value !== "" && String(value) !== "0";
}

export function cellStyle<C extends Cells>(column: Column<C>, value: CellValue): CSSProperties {
  const coloured = hasColourableValue(value);
  return {
    textAlign: column.textAlign,
    width: column.width,
    backgroundColor: coloured ? column.bgColor : undefined,
    color: coloured ? column.textColor : undefined,
  };
}

export function CellContent<C extends Cells>({ column, value, rowLabel }: { column: Column<C>; value: CellValue; rowLabel: string }) {
  if (column.display === "image") {
    const width = typeof column.width === "number" ? column.width : 100;
    if (typeof value !== "string" || value === "") {
      // A thumbnail column narrower than the words keeps a dash, the words for screen readers.
      return width < 64 ? (
        <span className="kit-cell-empty">
          <span aria-hidden="true">-</span>
          <span className="visually-hidden">Tidak ada</span>
        </span>
      ) : (
        <span className="kit-cell-empty">Tidak ada</span>
      );
    }
    // A thumbnail of a photo-sized upload: fetch a small variant, not the original.
    const source = isResizableUpload(value) ? responsiveImage(value, `${width}px`) : { src: value };
    return (
      <img
        className="kit-thumbnail"
        {...source}
        alt={`${column.header} ${rowLabel}`}
        width={width}
        style={{ width }}
        loading="lazy"
        decoding="async"
      />
    );
  }
  if (value === null || value === "") return <span className="kit-cell-empty">-</span>;
  const text = String(value);
  if (column.display === "chips") {
    return (
      <ul className="kit-cell-chips" title={text}>
        {text.split(", ").map((item, index) => (
          <li key={`${item}-${index}`}>{item}</li>
        ))}
      </ul>
    );
  }
  return column.oneLine ? <OneLine text={text} width={column.width} /> : <>{text}</>;
}

/** Text kept to one line at `width`, cut with "…"; the whole of it in the tooltip. */
function OneLine({ text, width, className = "kit-cell-line" }: { text: string; width?: number | string; className?: string }) {
  return (
    <span className={className} style={{ maxWidth: width }} title={text}>
      {text}
    </span>
  );
}

/** A cell with another under it, quieter (a book's author under its title). */
export function CellWithUnder<C extends Cells>({ column, value, under, rowLabel }: { column: Column<C>; value: CellValue; under: CellValue; rowLabel: string }) {
  return (
    <>
      <CellContent column={column} value={value} rowLabel={rowLabel} />
      {under === null || under === "" ? null : <OneLine text={String(under)} width={column.width} className="kit-cell-line kit-cell-under" />}
    </>
  );
}

export function sortState(sorting: Sorting | undefined, accessor: string): "ascending" | "descending" | "none" | undefined {
  if (!sorting?.sortable.has(accessor)) return undefined;
  if (sorting.column !== accessor) return "none";
  return sorting.dir === "asc" ? "ascending" : "descending";
}

/** A sortable column's header: a link to the rows in its order, the other way round when it is the order already. */
export function SortLink<C extends Cells>({ sorting, column }: { sorting: Sorting; column: Column<C> }) {
  const active = sorting.column === column.accessor;
  const next: SortDirection = active && sorting.dir === "asc" ? "desc" : "asc";
  return (
    <Link to={sorting.href(column.accessor, next)} className="kit-sort" preventScrollReset>
      {column.header}
      <span className="kit-sort-mark" aria-hidden="true">
        {active ? (sorting.dir === "asc" ? "▲" : "▼") : "↕"}
      </span>
    </Link>
  );
}
