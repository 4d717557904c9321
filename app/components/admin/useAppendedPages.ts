import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { AlertMessage, Cells, ScreenData, ScreenPaging, ScreenRow } from "~/admin-kit/screen";
import { screenHref } from "~/admin-kit/url-state";

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
 * Load-more on scroll (JavaScript only): the next page of the same view (search and order) is
 * fetched from the screen's own loader (`?page=N+1`) and added below the rows of the page the URL
 * names, without a navigation. New data for the same page of the same view (after a save or a
 * delete) keeps the added pages in view and loads them again one by one, so the admin stays where
 * they were; another page or view starts afresh. Every load has a fetcher of its own, dropped once
 * its rows are taken, so Remix never reloads one by itself.
 */
export function useAppendedPages<C extends Cells>(screen: ScreenData<C>, resourceKey: string): AppendedPages<C> {
  const [stored, setStored] = useState<AppendedState<C>>({ base: screen, pages: [], fresh: 0, failures: [] });
  let state = stored;
  if (stored.base !== screen) {
    const samePage =
      stored.base.paging !== null && stored.base.paging.page === screen.paging?.page && stored.base.paging.view === screen.paging.view;
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
      // The same view (search, order) as the rows above, a page further.
      fetcher.load(`${location.pathname}${screenHref(new URLSearchParams(location.search), { page })}`);
    },
    [fetcher, location.pathname, location.search],
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
