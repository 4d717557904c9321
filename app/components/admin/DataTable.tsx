import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode, type UIEvent } from "react";
import type { Cells, Column } from "~/admin-kit/screen";
import { Icon } from "~/components/Icon";
import { focusReturnPoint } from "~/lib/focus-trap";
import { LoadingIndicator } from "./LoadingIndicator";
import { ColumnChooser, useShownColumns } from "./ColumnChooser";
import { ExportMenu } from "./ExportMenu";
import { TablePager, type Pager } from "./TablePager";
import { CellContent, CellWithUnder, cellStyle, SortLink, sortState, type Sorting } from "./table-cells";

export type { Sorting };

/**
 * The kit's table (spec §2 "Data table behaviour"), driven by column definitions. Every action
 * is a link or a form, so it works without JavaScript; each appears only when given.
 */

export interface TableRow<C extends Cells> {
  id: string;
  cells: C;
}

export interface RowActions<C extends Cells> {
  editHref?(row: TableRow<C>): string;
  detailHref?(row: TableRow<C>): string;
  /** The status switch of the row (a form of its own). */
  toggle?(row: TableRow<C>): ReactNode;
  deleteHref?(row: TableRow<C>): string;
}

export interface ToolbarButton {
  label: string;
  href: string;
}

export interface Toolbar {
  /** Export as one download (the audit log's CSV). */
  exportHref?: string;
  /** Export in a format of the admin's choice: a link each, under the toolbar's "Export". */
  exports?: ToolbarButton[];
  /** The list's import page (a link: the page itself is the form). */
  importHref?: string;
  add?: ToolbarButton;
  extra?: ToolbarButton[];
}

export type { Pager };

/** The rows' checkboxes for the list's bulk actions (BulkActions.tsx); they belong to its form by the `form` attribute, so a row's own forms stay apart. */
export interface TableSelection {
  formId: string;
  /** The checkboxes' name: the form sends the chosen rows' ids under it. */
  name: string;
  isChecked(id: string): boolean;
  onChange(id: string, checked: boolean): void;
  /** The header's "all on this page" checkbox: with JavaScript only (the bulk bar links to the same without it). */
  page?: { checked: boolean; mixed: boolean; onChange(checked: boolean): void };
}

interface DataTableProps<C extends Cells> {
  caption: string;
  /** Every column; those marked `optional` start hidden, and the column chooser (kept per browser under `columnsKey`) shows them. */
  columns: Array<Column<C>>;
  columnsKey?: string;
  /** Drawn at the start of the toolbar's row (the list's filters), before its buttons. */
  toolbarStart?: ReactNode;
  /** Drawn at the end of the pager's row (rows per page). */
  pagerEnd?: ReactNode;
  rows: Array<TableRow<C>>;
  /** Names a row inside its action links, for screen readers ("EDIT Judul slider"). */
  rowLabel(cells: C): string;
  actions?: RowActions<C>;
  toolbar?: Toolbar;
  pager?: Pager;
  sorting?: Sorting;
  selection?: TableSelection;
  /** Shows the loading indicator over the table. */
  busy?: boolean;
  emptyText: string;
  /** The list could not be read: this message and a link that asks again, never `emptyText`. */
  failure?: { message: string; retryHref: string };
}

/** Distance from the bottom (px) that counts as "scrolled to the bottom". */
const END_THRESHOLD_PX = 8;

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
};

/**
 * Spec §9: the table is at most `innerHeight - innerHeight / 3.4` high. The server's HTML uses
 * the CSS equivalent, `calc(100vh - 100vh / 3.4)`; in the browser the window's own height wins.
 */
function useTableMaxHeight(): number | undefined {
  return useSyncExternalStore(
    subscribeToResize,
    () => window.innerHeight - window.innerHeight / 3.4,
    () => undefined,
  );
}

export function DataTable<C extends Cells>({
  caption,
  columns: allColumns,
  columnsKey,
  toolbarStart,
  pagerEnd,
  rows,
  rowLabel,
  actions = {},
  toolbar = {},
  pager,
  sorting,
  selection,
  busy = false,
  emptyText,
  failure,
}: DataTableProps<C>) {
  const captionId = useId();
  const maxHeight = useTableMaxHeight();
  const shown = useShownColumns(allColumns, columnsKey);
  const columns = allColumns.filter((column) => shown.has(column.accessor));
  const choosable = columnsKey !== undefined && allColumns.some((column) => column.optional);
  const hasActions = Boolean(actions.editHref || actions.detailHref || actions.toggle || actions.deleteHref);
  const hasToolbar = Boolean(toolbar.exportHref || toolbar.exports?.length || toolbar.importHref || toolbar.add || toolbar.extra?.length || choosable || toolbarStart);

  const scrollBox = useRef<HTMLDivElement>(null);
  const shownPage = pager?.page;
  // Another page replaces the rows (the element stays), so its top is shown, not the old scroll offset.
  useEffect(() => {
    if (scrollBox.current) scrollBox.current.scrollTop = 0;
  }, [shownPage]);

  const onReachEnd = pager?.onReachEnd;
  const onScroll = onReachEnd
    ? (event: UIEvent<HTMLDivElement>) => {
        const { scrollTop, clientHeight, scrollHeight } = event.currentTarget;
        if (scrollTop + clientHeight >= scrollHeight - END_THRESHOLD_PX) onReachEnd();
      }
    : undefined;

  return (
    <div className="kit-table">
      {hasToolbar ? (
        <div className="kit-toolbar">
          {toolbarStart ? <div className="kit-toolbar-start">{toolbarStart}</div> : null}
          {choosable && columnsKey ? <ColumnChooser columns={allColumns} shown={shown} storageKey={columnsKey} /> : null}
          {toolbar.exportHref ? (
            <a href={toolbar.exportHref} className="kit-button kit-button-secondary" download>
              <Icon name="export" size={18} className="kit-icon" />
              Export
            </a>
          ) : null}
          {toolbar.importHref ? (
            <Link to={toolbar.importHref} className="kit-button kit-button-secondary">
              Impor
            </Link>
          ) : null}
          {toolbar.exports?.length ? <ExportMenu links={toolbar.exports} /> : null}
          {toolbar.extra?.map((button) => (
            <Link key={button.label} to={button.href} className="kit-button kit-button-primary" preventScrollReset>
              <Icon name="add" size={18} className="kit-icon" />
              {button.label}
            </Link>
          ))}
          {toolbar.add ? (
            <Link to={toolbar.add.href} className="kit-button kit-button-primary" preventScrollReset>
              <Icon name="add" size={18} className="kit-icon" />
              {toolbar.add.label}
            </Link>
          ) : null}
        </div>
      ) : null}
      <div
        ref={scrollBox}
        className="kit-table-scroll"
        style={maxHeight === undefined ? undefined : { maxHeight }}
        onScroll={onScroll}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable content must be reachable by keyboard (axe: scrollable-region-focusable)
        tabIndex={0}
        role="region"
        aria-labelledby={captionId}
        {...focusReturnPoint}
      >
        {/* Explicit roles: on phones the rows are laid out as cards, which would drop the table's semantics. */}
        <table role="table">
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
          <thead>
            <tr role="row">
              {selection ? (
                <th scope="col" role="columnheader" className="kit-select-cell">
                  {selection.page ? <PageCheckbox {...selection.page} /> : <span className="visually-hidden">Pilih</span>}
                </th>
              ) : null}
              {columns.map((column) => (
                <th
                  key={column.accessor}
                  scope="col"
                  role="columnheader"
                  style={{ textAlign: column.textAlign, width: column.width }}
                  aria-sort={sortState(sorting, column.accessor)}
                >
                  {sorting?.sortable.has(column.accessor) ? <SortLink sorting={sorting} column={column} /> : column.header}
                </th>
              ))}
              {hasActions ? (
                <th scope="col" role="columnheader" className="kit-actions-header">
                  Aksi
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr role="row">
                <td role="cell" colSpan={columns.length + (hasActions ? 1 : 0) + (selection ? 1 : 0)} className="kit-table-empty">
                  {failure ? (
                    <span className="kit-table-failure">
                      {failure.message}{" "}
                      <Link to={failure.retryHref} replace preventScrollReset>
                        Coba lagi
                      </Link>
                    </span>
                  ) : (
                    emptyText
                  )}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const label = rowLabel(row.cells);
                return (
                  <tr key={row.id} role="row">
                    {selection ? (
                      <td role="cell" className="kit-select-cell">
                        <label className="kit-select">
                          <input
                            type="checkbox"
                            form={selection.formId}
                            name={selection.name}
                            value={row.id}
                            checked={selection.isChecked(row.id)}
                            onChange={(event) => selection.onChange(row.id, event.currentTarget.checked)}
                          />
                          <span className="visually-hidden">Pilih {label}</span>
                        </label>
                      </td>
                    ) : null}
                    {columns.map((column) => {
                      const value = row.cells[column.accessor] ?? null;
                      return (
                        <td
                          key={column.accessor}
                          role="cell"
                          data-label={column.header}
                          className={column.wrap ? "kit-cell-wrap" : "kit-cell-nowrap"}
                          style={cellStyle(column, value)}
                        >
                          {column.under ? (
                            <CellWithUnder column={column} value={value} under={row.cells[column.under] ?? null} rowLabel={label} />
                          ) : (
                            <CellContent column={column} value={value} rowLabel={label} />
                          )}
                        </td>
                      );
                    })}
                    {hasActions ? (
                      <td role="cell" className="kit-actions">
                        <div className="kit-actions-inner">
                          {actions.editHref ? (
                            <Link to={actions.editHref(row)} className="kit-action kit-action-edit" preventScrollReset>
                              <Icon name="edit" size={16} className="kit-icon" />
                              EDIT<span className="visually-hidden"> {label}</span>
                            </Link>
                          ) : null}
                          {actions.detailHref ? (
                            <a href={actions.detailHref(row)} className="kit-action kit-action-detail" target="_blank" rel="noopener">
                              <Icon name="detail" size={16} className="kit-icon" />
                              DETAIL<span className="visually-hidden"> {label} (tab baru)</span>
                            </a>
                          ) : null}
                          {actions.toggle?.(row)}
                          {actions.deleteHref ? (
                            <Link to={actions.deleteHref(row)} className="kit-action kit-action-delete" preventScrollReset>
                              <Icon name="delete" size={16} className="kit-icon" />
                              HAPUS<span className="visually-hidden"> {label}</span>
                            </Link>
                          ) : null}
                        </div>
                      </td>
                    ) : null}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
        {pager?.loadingMore ? (
          <div className="kit-load-more" role="status">
            Memuat data berikutnya...
          </div>
        ) : null}
      </div>
      {pager ? <TablePager pager={pager} end={pagerEnd} /> : null}
      {busy ? <LoadingIndicator overlay /> : null}
    </div>
  );
}

/** "All on this page": checked when every row is, mixed when some are. */
function PageCheckbox({ checked, mixed, onChange }: NonNullable<TableSelection["page"]>) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="kit-select">
      <input ref={box} type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <span className="visually-hidden">Pilih semua di halaman ini</span>
    </label>
  );
}
