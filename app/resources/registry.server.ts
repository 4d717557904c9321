import type * as z from "zod";
import { adminPage, adminPath, type AdminPage } from "~/admin-kit/menu";
import type { Cells, ScreenDefinition } from "~/admin-kit/screen";
import type { AdminContext } from "~/platform/auth.server";
import type { CachedResource } from "~/platform/cache.server";
import { exportCsv, loadScreen, type ResourceAdapter, screenAction } from "~/admin-kit/server/screen.server";
import { ADMIN_MENU, AUDIT_PAGE, SCREENS, screenAt } from "./screens";

/**
 * The screens' server halves, each found beside its declaration (`app/resources/<resource>/adapter.server.ts`)
 * and put in the order of the one list of screens (screens.ts). Everything on the server that
 * lists the screens reads this: the sidebar and page headings (through the admin layout's data),
 * the admin screens' route, the export route, the audit log's names and filter, and the suites.
 */
const ADAPTER_MODULES = import.meta.glob<Record<string, unknown>>("./*/adapter.server.ts", { eager: true });

type AnyAdapter = ResourceAdapter<unknown, Cells, z.ZodObject>;

const EXPORTS: unknown[] = Object.values(ADAPTER_MODULES).flatMap((module) => Object.values(module));

/** The adapter made for this very declaration (its `definition`), wherever it is exported. */
function adapterOf(definition: object): AnyAdapter {
  const adapter = EXPORTS.find((value): value is AnyAdapter => typeof value === "object" && value !== null && (value as { definition?: unknown }).definition === definition);
  if (!adapter) throw new Error(`A screen of app/resources/screens.ts has no adapter.server.ts beside its declaration: ${(definition as { id?: string }).id}`);
  return adapter;
}

/** A screen as the rest of the back-office needs it, whatever its record type. */
export interface RegisteredScreen {
  definition: ScreenDefinition;
  /** Its upstream resource: its folder's name (`app/resources/<resource>/`). */
  resource: CachedResource;
  page: AdminPage;
  /** Its route's loader and action (app/routes/admin-screen.tsx), once the admin is known. */
  load(admin: AdminContext, request: Request): ReturnType<typeof loadScreen>;
  act(admin: AdminContext, request: Request): ReturnType<typeof screenAction>;
  /** The list as a CSV download, for an exportable screen. */
  exportCsv(admin: AdminContext, request: Request): Promise<Response>;
}

function register<Rec, C extends Cells, S extends z.ZodObject>(adapter: ResourceAdapter<Rec, C, S>): RegisteredScreen {
  const { definition } = adapter;
  return {
    definition: definition as unknown as ScreenDefinition,
    resource: adapter.resource,
    page: adminPage(definition.id, definition.menu),
    load: (admin, request) => loadScreen(admin, request, adapter),
    act: (admin, request) => screenAction(admin, request, adapter),
    exportCsv: (admin, request) => exportCsv(admin, request, adapter),
  };
}

export const ADMIN_SCREENS: RegisteredScreen[] = SCREENS.map((definition) => register(adapterOf(definition)));

/** The sidebar (made from the one list: screens.ts). */
export { ADMIN_MENU, AUDIT_PAGE };

/** Where a logged-in admin lands: the first screen. */
export const ADMIN_HOME = adminPath(ADMIN_SCREENS[0].page);

export function screenById(id: string | undefined): RegisteredScreen | undefined {
  return ADMIN_SCREENS.find((screen) => screen.page.id === id);
}

/** The screen at an admin path (`/admin/<id>`), if one is registered. */
export function registeredScreenAt(pathname: string): RegisteredScreen | undefined {
  const definition = screenAt(pathname);
  return definition && screenById(definition.id);
}

/** The audit log's names for the screens whose changes it records (its filter and its Data column). */
export const AUDITED_SCREENS = ADMIN_SCREENS.map((screen) => ({ value: screen.page.id, label: screen.page.alias }));

/** A screen's name in the audit log: its menu alias (an id no longer registered shows as itself). */
export function screenName(id: string): string {
  return screenById(id)?.page.alias ?? id;
}
