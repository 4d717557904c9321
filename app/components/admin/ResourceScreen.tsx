import type { LinksFunction } from "@remix-run/node";
import {
  Form,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useCallback, useMemo, useState } from "react";
import type * as z from "zod";
import {
  listedColumns,
  type AlertMessage,
  type Cells,
  type FieldDefinition,
  type ScreenDefinition,
  type ScreenActionData,
  type ScreenData,
} from "~/admin-kit/screen";
import { EXPORT_CHOICES, exportHref } from "~/admin-kit/export";
import { importPath } from "~/admin-kit/menu";
import { readSelectionMode } from "~/admin-kit/bulk";
import { differsOnlyInOverlay, listViewKey, readScreenState, screenHref } from "~/admin-kit/url-state";
import { useHydrated } from "~/lib/hydrated";
import kitStyles from "~/styles/admin-kit.css?url";
import quillStyles from "react-quill-new/dist/quill.snow.css?url";
import { Alert } from "./Alert";
import { BulkAnswerPanel, BulkBar, useBulkSelection } from "./BulkActions";
import { DataTable, type Pager, type RowActions, type Sorting, type Toolbar } from "./DataTable";
import { ListFilterBar, RowsPerPage } from "./ListFilters";
import { ListBar, noMatchText } from "./ListSearch";
import { Modal } from "./Modal";
import { ResourceForm } from "./ResourceForm";
import { StatusSwitch } from "./StatusSwitch";
import { useAppendedPages } from "./useAppendedPages";

/**
 * One admin screen from its resource definition: toolbar and table, the add/edit modal, the
 * delete question and the alerts. All of it follows the URL (`?modal=…`, `?delete=…`,
 * `?page=…`) and the loader's data, so the server renders any state and JavaScript only makes
 * moving between states quicker.
 */

/**
 * The stylesheets the screens need: the kit's, and Quill's where a form has a rich-text field. The
 * screens share one route module (app/routes/admin-screen.tsx), whose links cannot tell which
 * screen is shown: Quill's (4 KB gzip, cached) comes with every screen when any has such a field.
 */
export function screenLinks(screens: ReadonlyArray<{ fields: readonly FieldDefinition[] }>): ReturnType<LinksFunction> {
  const links = [{ rel: "stylesheet", href: kitStyles }];
  if (screens.some((screen) => screen.fields.some((field) => field.type === "textEditor"))) links.push({ rel: "stylesheet", href: quillStyles });
  return links;
}

/**
 * Opening an add form, closing a modal or the delete question needs no new data (the rows are
 * loaded); an edit form does: it opens with the record as stored now, not the list's row. A
 * status switch that succeeded changed its row in place. Everything else reloads as usual.
 */
export const shouldRevalidateScreen: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  formData,
  actionResult,
  defaultShouldRevalidate,
}) => {
  if (formData?.get("intent") === "toggle") {
    const changedInPlace = typeof actionResult === "object" && actionResult !== null && "toggled" in actionResult;
    return changedInPlace ? false : defaultShouldRevalidate;
  }
  if (!formMethod && opensForm(currentUrl, nextUrl, "edit")) return true;
  if (!formMethod && differsOnlyInOverlay(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
};

/** Whether the next URL opens a form (of this kind, or any) the current one does not show. */
function opensForm(currentUrl: URL, nextUrl: URL, kind?: "edit"): boolean {
  const next = readScreenState(nextUrl.searchParams).modal;
  const current = readScreenState(currentUrl.searchParams).modal;
  return next !== null && (kind === undefined || next.kind === kind) && JSON.stringify(next) !== JSON.stringify(current);
}

/**
 * For a screen whose form has pickers (a book's authors, genres, ...): the loader sends their
 * choices, and the edit form's relations, only for the form that is open, so that opening a form
 * (or another record's) loads them.
 */
export const shouldRevalidateScreenWithChoices: ShouldRevalidateFunction = (args) => {
  if (!args.formMethod && opensForm(args.currentUrl, args.nextUrl)) return true;
  return shouldRevalidateScreen(args);
};

export function ResourceScreen<C extends Cells, S extends z.ZodObject>({ definition }: { definition: ScreenDefinition<C, S> }) {
  const screen = useLoaderData() as ScreenData<C>;
  const actionData = useActionData() as ScreenActionData | undefined;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = readScreenState(searchParams);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [switchAlerts, setSwitchAlerts] = useState<AlertMessage[]>([]);

  const { rows, paging, appendedAlerts, loadNextPage, loadingMore } = useAppendedPages(screen, definition.id);
  const listHref = screenHref(searchParams, "list");
  // Many at once (BulkActions.tsx): a list whose records can be deleted or exported.
  const bulkable = !definition.singleRecord && Boolean(definition.remove || definition.exportable) && !screen.loadFailure;
  const bulk = useBulkSelection(useMemo(() => rows.map((row) => row.id), [rows]), readSelectionMode(searchParams), listViewKey(state));
  const bulkFormId = `bulk-${definition.id}`;
  const bulkAction = `${location.pathname}${listHref === "?" ? "" : listHref}`;
  const hydrated = useHydrated();
  const closeOverlay = useCallback(() => navigate(listHref, { replace: true, preventScrollReset: true }), [navigate, listHref]);
  const dismiss = useCallback((id: string) => setDismissed((current) => new Set(current).add(id)), []);
  const reportSwitchAnswer = useCallback((alert: AlertMessage) => setSwitchAlerts((current) => [...current, alert]), []);

  const canAdd = Boolean(definition.addButton) && !(definition.singleRecord && rows.length > 0);
  const modal = state.modal;
  // The row may be on another page of the list: the loader sends it along as `selected`.
  const findRow = (id: string) => rows.find((row) => row.id === id) ?? (screen.selected?.id === id ? screen.selected : undefined);
  // An edit form shows the record as the loader read it from the upstream, never the list's row.
  const editing = modal?.kind === "edit" && definition.edit && screen.editing?.id === modal.id ? screen.editing : undefined;
  const adding = modal?.kind === "add" && canAdd;
  const deleting = definition.remove && state.pendingDelete ? findRow(state.pendingDelete) : undefined;

  const here = navigation.location?.pathname === location.pathname || navigation.formAction?.startsWith(location.pathname);
  const submittingForm =
    navigation.state === "submitting" && ["create", "update"].includes(String(navigation.formData?.get("intent")));
  const tableBusy = navigation.state !== "idle" && Boolean(here) && !submittingForm;

  const alerts = [...screen.alerts, ...appendedAlerts, ...(actionData?.alert ? [actionData.alert] : []), ...switchAlerts].filter(
    (alert) => !dismissed.has(alert.id),
  );

  const addHref = screenHref(searchParams, { modal: "add" });
  const toolbar: Toolbar = {
    importHref: definition.importable ? importPath(definition.id) : undefined,
    exports: definition.exportable ? EXPORT_CHOICES.map(({ label, format }) => ({ label, href: exportHref(definition.id, state, format) })) : undefined,
    add: canAdd && definition.addButton?.placement === "toolbar" ? { label: "Tambah", href: addHref } : undefined,
    extra: canAdd && definition.addButton?.placement === "extra" ? [{ label: definition.addButton.label, href: addHref }] : undefined,
  };
  const { toggle, detailHref } = definition;
  const actions: RowActions<C> = {
    editHref: definition.edit ? (row) => screenHref(searchParams, { modal: "edit", id: row.id }) : undefined,
    detailHref: detailHref ? (row) => detailHref(row.id) : undefined,
    toggle: toggle
      ? (row) => <StatusSwitch key={row.id} rowId={row.id} rowLabel={definition.rowLabel(row.cells)} toggle={toggle} cells={row.cells} onAnswer={reportSwitchAnswer} />
      : undefined,
    deleteHref: definition.remove ? (row) => screenHref(searchParams, { pendingDelete: row.id }) : undefined,
  };
  const pager: Pager | undefined =
    screen.paging && paging
      ? {
          page: screen.paging.page,
          label: paging.page > screen.paging.page ? `Halaman ${screen.paging.page}–${paging.page}` : `Halaman ${paging.page}`,
          previousHref: screen.paging.page > 1 ? screenHref(searchParams, { page: screen.paging.page - 1 }) : undefined,
          nextHref: paging.hasMore ? screenHref(searchParams, { page: paging.page + 1 }) : undefined,
          pageCount: screen.paging.pageCount,
          pageHref: (page) => screenHref(searchParams, { page }),
          onReachEnd: paging.hasMore ? loadNextPage : undefined,
          loadingMore,
        }
      : undefined;

  const listed = !definition.singleRecord;
  const sorting: Sorting | undefined = listed
    ? {
        column: state.sort,
        dir: state.dir,
        sortable: new Set(listedColumns(definition.columns)),
        href: (sort, dir) => screenHref(searchParams, { sort, dir }),
      }
    : undefined;
  const noun = definition.menu.alias.toLowerCase();
  const emptyText = state.q ? `${noMatchText(noun, state.q)}.` : screen.filters?.chips.length ? `Tidak ada ${noun} yang cocok dengan filter ini.` : definition.texts.empty;

  // The form's last answer belongs to it only until the next navigation starts.
  const lastResult = navigation.state === "idle" ? actionData?.result : undefined;
  // A conflict's answer draws the edit form anew (its key), once the page has its data again and
  // the answer's values with it; the key is kept while the next submission is under way, so
  // that the form is not drawn anew under it. The conflict shows with the form it belongs to.
  const [conflictKey, setConflictKey] = useState("");
  const idleConflictKey = navigation.state === "idle" ? (actionData?.conflict?.shown ?? "") : undefined;
  if (idleConflictKey !== undefined && idleConflictKey !== conflictKey) setConflictKey(idleConflictKey);
  const conflict = actionData?.conflict && actionData.conflict.shown === conflictKey ? actionData.conflict : undefined;
  // Likely duplicates show with the form whose save found them, until the next navigation starts.
  const duplicates = navigation.state === "idle" ? actionData?.duplicates : undefined;
  const answeredEdit = { shown: actionData?.shown, conflict, duplicates };
  // A form sent back (a picker's search, a refusal) offers what it was sent back with; the record's relations stay the loader's.
  const answered = navigation.state === "idle" ? actionData?.choices : undefined;
  const choices = answered ? { ...answered, record: screen.choices?.record } : screen.choices;

  return (
    <div className="kit-screen">
      <p className="kit-placement">
        {screen.placement.text}
        {screen.placement.publicPath ? (
          <>
            {" "}
            <a href={screen.placement.publicPath} target="_blank" rel="noopener">
              Lihat di situs<span className="visually-hidden"> (tab baru)</span>
            </a>
          </>
        ) : null}
      </p>
      {alerts.length > 0 || deleting ? (
        <div className="kit-alerts">
          {alerts.map((alert) => (
            <Alert
              key={alert.id}
              type={alert.type}
              message={alert.message}
              closeHref={location.search || "?"}
              onClose={() => dismiss(alert.id)}
            />
          ))}
          {deleting && definition.texts.deleteQuestion ? (
            <Alert
              type="delete"
              message={definition.texts.deleteQuestion}
              closeHref={listHref}
              onClose={closeOverlay}
              confirm={
                <Form method="post" preventScrollReset className="kit-inline-form">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={deleting.id} />
                  <button type="submit" className="kit-button kit-button-danger" disabled={navigation.state === "submitting"}>
                    Hapus
                  </button>
                </Form>
              }
            />
          ) : null}
        </div>
      ) : null}

      {listed ? (
        <ListBar
          view={state}
          noun={noun}
          sortable={definition.columns.filter((column) => sorting?.sortable.has(column.accessor)).map((column) => ({ value: column.accessor, label: column.header }))}
          // The rows appended below by load-more are counted as shown too.
          count={screen.count && rows.length > 0 ? { ...screen.count, to: screen.count.from + rows.length - 1 } : screen.count}
        />
      ) : null}

      {bulkable ? <BulkAnswerPanel answer={actionData?.bulk} action={bulkAction} listHref={listHref} /> : null}

      <DataTable
        caption={definition.caption}
        columns={definition.columns}
        columnsKey={definition.id}
        toolbarStart={listed ? <ListFilterBar view={state} shown={screen.filters} notes={screen.notes} /> : undefined}
        pagerEnd={screen.paging ? <RowsPerPage view={state} perPage={screen.paging.perPage} /> : undefined}
        rows={definition.singleRecord ? rows.slice(0, 1) : rows}
        rowLabel={definition.rowLabel}
        actions={actions}
        toolbar={toolbar}
        pager={pager}
        sorting={sorting}
        selection={bulkable ? bulk.selection(bulkFormId, hydrated) : undefined}
        busy={tableBusy}
        emptyText={emptyText}
        failure={screen.loadFailure ? { message: screen.loadFailure, retryHref: `${location.pathname}${location.search}` } : undefined}
      />
      {/* Under the table, so that it costs the rows no room; held at the window's foot while something is chosen (admin-kit.css). */}
      {bulkable ? (
        <BulkBar
          formId={bulkFormId}
          screenId={definition.id}
          view={state}
          search={searchParams}
          action={bulkAction}
          total={screen.count?.total ?? rows.length}
          all={bulk.all}
          chosen={bulk.chosenIds.length}
          offPageIds={bulk.offPageIds}
          onClear={bulk.clear}
          hydrated={hydrated}
          removable={Boolean(definition.remove)}
          exportable={Boolean(definition.exportable)}
        />
      ) : null}

      {adding && definition.texts.addTitle ? (
        <Modal title={definition.texts.addTitle} closeHref={listHref} onClose={closeOverlay}>
          <ResourceForm
            definition={definition}
            submitLabel={definition.texts.addSubmit ?? "SIMPAN"}
            choices={choices}
            fileLimits={screen.fileLimits}
            lastResult={lastResult}
            answered={{ duplicates }}
            submitting={submittingForm}
            submission={screen.submission}
          />
        </Modal>
      ) : null}
      {editing && definition.texts.editTitle ? (
        <Modal title={definition.texts.editTitle} closeHref={listHref} onClose={closeOverlay}>
          <ResourceForm
            // The matched relations decide what the form preselects: a form opened without them starts anew when they come.
            // A conflict's answer draws the form anew: the merged values, and what is stored now as what it shows.
            key={`${editing.id}${choices?.record?.id === editing.id ? "-with-choices" : ""}${conflictKey ? `-${conflictKey}` : ""}`}
            definition={definition}
            row={editing}
            answered={answeredEdit}
            submitLabel={definition.texts.editSubmit ?? "UBAH"}
            choices={choices}
            fileLimits={screen.fileLimits}
            lastResult={lastResult}
            submitting={submittingForm}
            submission={screen.submission}
          />
        </Modal>
      ) : null}
    </div>
  );
}
