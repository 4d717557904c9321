import type { LinksFunction } from "@remix-run/node";
import {
  Form,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type * as z from "zod";
import type {
  AlertMessage,
  Cells,
  FieldDefinition,
  ResourceDefinition,
  ScreenActionData,
  ScreenData,
  ScreenPaging,
  ScreenRow,
  ToggleDefinition,
} from "~/admin/resource";
import { differsOnlyInOverlay, readScreenState, screenHref } from "~/admin/url-state";
import kitStyles from "~/styles/admin-kit.css?url";
import quillStyles from "react-quill-new/dist/quill.snow.css?url";
import { Alert } from "./Alert";
import { DataTable, type Pager, type RowActions, type Toolbar } from "./DataTable";
import { Modal } from "./Modal";
import { ResourceForm } from "./ResourceForm";

/**
 * One admin screen from its resource definition: toolbar and table, the add/edit modal, the
 * delete question and the alerts. All of it follows the URL (`?modal=…`, `?delete=…`,
 * `?page=…`) and the loader's data, so the server renders any state and JavaScript only makes
 * moving between states quicker.
 */

/** The stylesheets a screen needs: the kit's, and Quill's where the form has a rich-text field. */
export function screenLinks(definition: { fields: FieldDefinition[] }): ReturnType<LinksFunction> {
  const links = [{ rel: "stylesheet", href: kitStyles }];
  if (definition.fields.some((field) => field.type === "textEditor")) links.push({ rel: "stylesheet", href: quillStyles });
  return links;
}

/**
 * Opening or closing a modal or the delete question needs no new data (the rows are loaded);
 * a status switch that succeeded changed its row in place. Everything else reloads as usual.
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
  if (!formMethod && differsOnlyInOverlay(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
};

/**
 * For a screen whose form offers choices (a book's authors, genres, ...): the loader sends them
 * only while the form is open, so that opening the form loads them.
 */
export const shouldRevalidateScreenWithChoices: ShouldRevalidateFunction = (args) => {
  const opensForm = readScreenState(args.nextUrl.searchParams).modal !== null && readScreenState(args.currentUrl.searchParams).modal === null;
  if (!args.formMethod && opensForm) return true;
  return shouldRevalidateScreen(args);
};

export function ResourceScreen<C extends Cells, S extends z.ZodObject>({ definition }: { definition: ResourceDefinition<C, S> }) {
  const screen = useLoaderData() as ScreenData<C>;
  const actionData = useActionData() as ScreenActionData | undefined;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = readScreenState(searchParams);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [switchAlerts, setSwitchAlerts] = useState<AlertMessage[]>([]);

  const { rows, paging, appendedAlerts, loadNextPage, loadingMore } = useAppendedPages(screen, definition.key);
  const listHref = screenHref(searchParams, "list");
  const closeOverlay = useCallback(() => navigate(listHref, { replace: true, preventScrollReset: true }), [navigate, listHref]);
  const dismiss = useCallback((id: string) => setDismissed((current) => new Set(current).add(id)), []);
  const reportSwitchFailure = useCallback((alert: AlertMessage) => setSwitchAlerts((current) => [...current, alert]), []);

  const canAdd = Boolean(definition.addButton) && !(definition.singleRecord && rows.length > 0);
  const modal = state.modal;
  const editing = modal?.kind === "edit" && definition.edit ? rows.find((row) => row.id === modal.id) : undefined;
  const adding = modal?.kind === "add" && canAdd;
  const deleting = definition.remove && state.pendingDelete ? rows.find((row) => row.id === state.pendingDelete) : undefined;

  const here = navigation.location?.pathname === location.pathname || navigation.formAction?.startsWith(location.pathname);
  const submittingForm =
    navigation.state === "submitting" && ["create", "update"].includes(String(navigation.formData?.get("intent")));
  const tableBusy = navigation.state !== "idle" && Boolean(here) && !submittingForm;

  const alerts = [...screen.alerts, ...appendedAlerts, ...(actionData?.alert ? [actionData.alert] : []), ...switchAlerts].filter(
    (alert) => !dismissed.has(alert.id),
  );

  const addHref = screenHref(searchParams, { modal: "add" });
  const toolbar: Toolbar = {
    exportHref: definition.exportHref,
    add: canAdd && definition.addButton?.placement === "toolbar" ? { label: "Tambah", href: addHref } : undefined,
    extra: canAdd && definition.addButton?.placement === "extra" ? [{ label: definition.addButton.label, href: addHref }] : undefined,
  };
  const { toggle, detailHref } = definition;
  const actions: RowActions<C> = {
    editHref: definition.edit ? (row) => screenHref(searchParams, { modal: "edit", id: row.id }) : undefined,
    detailHref: detailHref ? (row) => detailHref(row.id) : undefined,
    toggle: toggle
      ? (row) => <StatusSwitch key={row.id} rowId={row.id} rowLabel={definition.rowLabel(row.cells)} toggle={toggle} cells={row.cells} onFailure={reportSwitchFailure} />
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
          onReachEnd: paging.hasMore ? loadNextPage : undefined,
          loadingMore,
        }
      : undefined;

  // The form's last answer belongs to it only until the next navigation starts.
  const lastResult = navigation.state === "idle" ? actionData?.result : undefined;

  return (
    <div className="kit-screen">
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

      <DataTable
        caption={definition.caption}
        columns={definition.columns}
        rows={definition.singleRecord ? rows.slice(0, 1) : rows}
        rowLabel={definition.rowLabel}
        actions={actions}
        toolbar={toolbar}
        pager={pager}
        busy={tableBusy}
        emptyText={definition.texts.empty}
      />

      {adding && definition.texts.addTitle ? (
        <Modal title={definition.texts.addTitle} closeHref={listHref} onClose={closeOverlay}>
          <ResourceForm
            definition={definition}
            submitLabel={definition.texts.addSubmit ?? "SIMPAN"}
            options={screen.options}
            lastResult={lastResult}
            submitting={submittingForm}
          />
        </Modal>
      ) : null}
      {editing && definition.texts.editTitle ? (
        <Modal title={definition.texts.editTitle} closeHref={listHref} onClose={closeOverlay}>
          <ResourceForm
            // The choices decide what the form preselects: a form opened without them starts anew when they come.
            key={`${editing.id}${screen.options ? "-with-choices" : ""}`}
            definition={definition}
            row={editing}
            submitLabel={definition.texts.editSubmit ?? "UBAH"}
            options={screen.options}
            lastResult={lastResult}
            submitting={submittingForm}
          />
        </Modal>
      ) : null}
    </div>
  );
}

interface AppendedPages<C extends Cells> {
  /** The base page's rows followed by those of the pages appended to it. */
  rows: Array<ScreenRow<C>>;
  /** The last page shown, and whether another may follow it. */
  paging: ScreenPaging | null;
  /** Alerts that came with appended pages (one that could not be loaded). */
  appendedAlerts: AlertMessage[];
  loadNextPage(): void;
  loadingMore: boolean;
}

interface AppendedState<C extends Cells> {
  /** The loader's data the pages follow. */
  base: ScreenData<C>;
  /** The pages added below the base page, in order. */
  pages: Array<ScreenData<C>>;
  /** How many of `pages` were loaded after `base`; the rest are shown until they are loaded again. */
  fresh: number;
  failures: AlertMessage[];
}

/**
 * Load-more on scroll (JavaScript only): the next page is fetched from the screen's own loader
 * (`?page=N+1`) and added below the rows of the page the URL names, without a navigation. New
 * data for the same page (after a save or a delete) keeps the added pages in view and loads them
 * again one by one, so the admin stays where they were; another page starts afresh. Every load
 * has a fetcher of its own, dropped once its rows are taken, so Remix never reloads one by itself.
 */
function useAppendedPages<C extends Cells>(screen: ScreenData<C>, resourceKey: string): AppendedPages<C> {
  const [stored, setStored] = useState<AppendedState<C>>({ base: screen, pages: [], fresh: 0, failures: [] });
  let state = stored;
  if (stored.base !== screen) {
    const samePage = stored.base.paging !== null && stored.base.paging.page === screen.paging?.page;
    state = { base: screen, pages: samePage ? stored.pages : [], fresh: 0, failures: [] };
    setStored(state);
  }
  const { pages, fresh } = state;
  const location = useLocation();
  const [sequence, setSequence] = useState(0);
  const fetcher = useFetcher({ key: `${resourceKey}-more-${sequence}` });
  const requested = useRef<number | null>(null);

  const refreshing = fresh < pages.length;
  const lastPaging = pages.reduce<ScreenPaging | null>((last, page) => page.paging ?? last, screen.paging);
  const firstPage = screen.paging?.page ?? 1;
  const target = refreshing ? firstPage + 1 + fresh : (lastPaging?.page ?? 0) + 1;
  const loaded = fetcher.state === "idle" ? (fetcher.data as ScreenData<C> | undefined) : undefined;

  const load = useCallback(
    (page: number) => {
      requested.current = page;
      fetcher.load(`${location.pathname}?page=${page}`);
    },
    [fetcher, location.pathname],
  );

  useEffect(() => {
    if (loaded) {
      const page = requested.current;
      requested.current = null;
      setSequence((current) => current + 1);
      // An answer for an older state (new data came meanwhile) is dropped; the pages follow the new one.
      if (page !== target) return;
      if (!loaded.paging) {
        // The page could not be loaded: say so; the pages from here on are not shown stale.
        setStored({ ...state, pages: pages.slice(0, fresh), failures: [...state.failures, ...loaded.alerts] });
        return;
      }
      const kept = refreshing ? pages.slice(0, fresh) : pages;
      // A short or empty page (records deleted meanwhile, or a full last page) ends the list there.
      const rest = refreshing && loaded.paging.hasMore ? pages.slice(fresh + 1) : [];
      setStored({ ...state, pages: [...kept, loaded, ...rest], fresh: kept.length + 1 });
    } else if (refreshing && fetcher.state === "idle" && requested.current === null) {
      load(target);
    }
  }, [loaded, fetcher.state, refreshing, target, state, pages, fresh, load]);

  const shownIds = new Set<string>();
  const rows: Array<ScreenRow<C>> = [];
  // A record deleted meanwhile shifts the next page by one: a row already shown is not shown twice.
  for (const row of [screen.rows, ...pages.map((page) => page.rows)].flat()) {
    if (shownIds.has(row.id)) continue;
    shownIds.add(row.id);
    rows.push(row);
  }
  return {
    rows,
    paging: lastPaging,
    appendedAlerts: [...pages.flatMap((page) => page.alerts), ...state.failures],
    loadNextPage: () => {
      if (refreshing || !lastPaging?.hasMore || fetcher.state !== "idle" || requested.current !== null) return;
      load(target);
    },
    loadingMore: fetcher.state === "loading",
  };
}

interface StatusSwitchProps<C extends Cells> {
  rowId: string;
  rowLabel: string;
  cells: C;
  toggle: ToggleDefinition<C>;
  onFailure(alert: AlertMessage): void;
}

/**
 * The row's status switch (the library's `active`, spec §4). A small form of its own: without
 * JavaScript it posts and the page comes back; with it, the switch flips at once and stays
 * flipped when the server agrees, without reloading the list.
 */
function StatusSwitch<C extends Cells>({ rowId, rowLabel, cells, toggle, onFailure }: StatusSwitchProps<C>) {
  const fetcher = useFetcher<ScreenActionData>({ key: `toggle-${rowId}` });
  const stored = toggle.isOn(cells);
  const pending = fetcher.formData ? fetcher.formData.get("on") === "true" : undefined;
  const confirmed = fetcher.data?.toggled?.id === rowId ? fetcher.data.toggled.on : undefined;
  const on = pending ?? confirmed ?? stored;
  const failure = fetcher.state === "idle" ? fetcher.data?.alert : undefined;

  useEffect(() => {
    if (failure) onFailure(failure);
  }, [failure, onFailure]);

  return (
    <fetcher.Form method="post" preventScrollReset className="kit-inline-form">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="id" value={rowId} />
      <input type="hidden" name="on" value={String(!on)} />
      <button type="submit" role="switch" aria-checked={on} className="kit-switch">
        <span className="kit-switch-track" aria-hidden="true">
          <span className="kit-switch-thumb" />
        </span>
        <span className="kit-switch-label">
          {toggle.label}
          <span className="visually-hidden"> {rowLabel}</span>
        </span>
      </button>
    </fetcher.Form>
  );
}

