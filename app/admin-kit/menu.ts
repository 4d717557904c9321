import type { MenuIcon } from "~/lib/icons";

/**
 * The back-office's menu as the browser sees it: its types and how a path finds its page. The
 * menu itself is made from the one list of resources (`adminMenu`, app/admin-kit/resource.ts)
 * and reaches the layout as route data.
 */
export type AdminIcon = MenuIcon;

/** How a screen appears in the sidebar and its heading. */
export interface MenuEntry {
  /** The short name in the sidebar (spec §2's alias). */
  alias: string;
  /** The heading of the page, where the spec names it otherwise than the alias. */
  title?: string;
  icon: AdminIcon;
}

export interface AdminPage {
  /** The screen's one id: its URL segment after /admin/. */
  id: string;
  alias: string;
  /** The heading of the page. */
  title: string;
  icon: AdminIcon;
}

export interface AdminSection {
  label: string;
  pages: AdminPage[];
}

export function adminPage(id: string, { alias, title = alias, icon }: MenuEntry): AdminPage {
  return { id, alias, title, icon };
}

export function adminPath(page: Pick<AdminPage, "id">): string {
  return `/admin/${page.id}`;
}

/** Where a screen's list is downloaded as CSV (app/routes/admin.export.$screen.tsx). */
export function exportPath(id: string): string {
  return `/admin/export/${id}`;
}

/** Where a screen's list is imported from a file (app/routes/admin.import.$screen.tsx, app/admin-kit/import.ts). */
export function importPath(id: string): string {
  return `/admin/import/${id}`;
}

/** The desk, `/admin` itself: the sidebar's first entry, before every section (app/routes/admin._index.tsx). */
export const DESK_PAGE: AdminPage = { id: "", alias: "Ringkasan", title: "Ringkasan", icon: "desk" };
export const DESK_PATH = "/admin";

/** The admin page a URL path belongs to (its own path or one below it). */
export function adminPageFor(sections: AdminSection[], pathname: string): AdminPage | undefined {
  if (pathname === DESK_PATH || pathname === `${DESK_PATH}/`) return DESK_PAGE;
  const imported = /^\/admin\/import\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (imported !== undefined) {
    const page = adminPageFor(sections, `/admin/${imported}`);
    return page ? { ...page, title: `Impor ${page.alias}` } : undefined;
  }
  return sections
    .flatMap((section) => section.pages)
    .find((candidate) => {
      const path = adminPath(candidate);
      return pathname === path || pathname.startsWith(`${path}/`);
    });
}
