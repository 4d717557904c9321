import type * as z from "zod";
import { adminPage, adminPath, type AdminPage, type AdminSection } from "~/admin-kit/menu";
import type { OptionsAnswer } from "~/admin-kit/pickers";
import { adminMenu, checkResourceList, DOCUMENTS_PAGE, listedResources, screenAt, type ListedResource, type ResourceDeclaration, type ResourceSections } from "~/admin-kit/resource";
import type { Cells, ScreenDefinition } from "~/admin-kit/screen";
import type { AdminContext } from "~/platform/auth.server";
import { knowResources } from "~/platform/cache.server";
import type { FieldUploads } from "~/platform/uploads.server";
import type { UpstreamClient } from "~/platform/upstream.server";
import { exportList, fileRulesOf, loadScreen, screenAction, type ChoiceSources, type ResourceAdapter } from "./screen.server.ts";
import { addOption } from "./screen/add-option.server.ts";
import { importAction, importReport, knowImportableScreens, loadImport } from "./import/job.server.ts";
import { searchChoices } from "./screen/choices.server.ts";
import { screenSummary, type ScreenSummary } from "./screen/summary.server.ts";

/**
 * The back-office made from the one list of resources (app/resources/resources.ts) and each
 * one's server half: every screen with its loader, action and export, the sidebar, the pickers'
 * lists, the upload rules, and what the cache hears of other processes' writes. Nothing here
 * names a resource: a resource added to the list is served with no other change.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the record type is the server half's own
type AdapterFor<C extends Cells, S extends z.ZodObject> = ResourceAdapter<any, C, S>;

/**
 * By name, the server half of every listed resource, made for that very declaration (its name,
 * cells and schema): a listed resource without its server half, or with another's, does not
 * typecheck.
 */
export type ServerHalvesOf<L extends ResourceSections> = {
  [R in ListedResource<L> as R["name"]]: R extends ResourceDeclaration<infer Name, infer C, infer S> ? AdapterFor<C, S> & { resource: ResourceDeclaration<Name, C, S> } : never;
};

type AnyAdapter = ResourceAdapter<unknown, Cells, z.ZodObject>;

/** A screen as the rest of the back-office needs it, whatever its record type. */
export interface RegisteredScreen {
  definition: ScreenDefinition;
  resource: ResourceDeclaration;
  page: AdminPage;
  /** Its route's loader and action (app/routes/admin-screen.tsx), once the admin is known. */
  load(admin: AdminContext, request: Request): ReturnType<typeof loadScreen>;
  act(admin: AdminContext, request: Request): ReturnType<typeof screenAction>;
  /** The list as a file (CSV or XLSX, as the URL asks: app/admin-kit/export.ts), for an exportable screen. */
  exportList(admin: AdminContext, request: Request): Promise<Response>;
  /** What the desk says of its list: its size and what needs the librarian (screen/summary.server.ts). */
  summary(admin: AdminContext): Promise<ScreenSummary>;
  /** Its import page's loader and action, for an importable screen (import/job.server.ts). */
  loadImport(admin: AdminContext, request: Request): ReturnType<typeof loadImport>;
  importAction(admin: AdminContext, request: Request): ReturnType<typeof importAction>;
  importReport(request: Request): Promise<Response>;
}

export interface ResourceRegistry {
  /** Every screen, in menu order. */
  screens: RegisteredScreen[];
  /** The sidebar. */
  menu: AdminSection[];
  /** Where a logged-in admin lands: the first screen. */
  home: string;
  screenById(id: string | undefined): RegisteredScreen | undefined;
  /** The screen at an admin path (`/admin/<id>`, or below it). */
  screenAt(pathname: string): RegisteredScreen | undefined;
  /** The audit log's names for the screens whose changes it records (its filter and its Data column). */
  auditedScreens: Array<{ value: string; label: string }>;
  /** The same, by id: what the log's search finds a screen by ("Buku" finds a book's entries). */
  auditScreenNames: Readonly<Record<string, string>>;
  /** A screen's name in the audit log: its menu alias (an id no longer listed shows as itself). */
  screenName(id: string): string;
  /** `/admin/options/<list>?q=`: the first options of a pickable list matching `q`; undefined for a list that is none. */
  searchOptions(api: UpstreamClient, list: string, q: string): Promise<OptionsAnswer> | undefined;
  /** `POST /admin/options/<list>`: a record added from a picker (add-option.server.ts); undefined for a list that takes none. */
  addOption(admin: AdminContext, request: Request, list: string): ReturnType<typeof addOption> | undefined;
  /** For the resumable uploads: the rule of the screen's file field an upload is for, and its early upload call. */
  fieldUploads: FieldUploads;
}

/** The pickable resources' lists, by list name (their screen's id). */
function pickableLists(adapters: readonly AnyAdapter[]): ChoiceSources {
  return Object.fromEntries(
    adapters.flatMap((adapter) => {
      const { pickable } = adapter.resource;
      if (!pickable) return [];
      const counted = pickable.countedIn && countingFacet(adapters, adapter.resource.name, pickable.countedIn);
      const addInline = pickable.addInline === true && adapter.create !== undefined && pickable.label.length === 1;
      return [[adapter.definition.id, { adapter, labelColumns: pickable.label, detail: pickable.detail, counted, addInline, failed: pickable.lookupFailed }]];
    }),
  );
}

/** The list and value filter a pickable's records are counted by (`countedIn`): a name that is neither fails at start. */
function countingFacet(adapters: readonly AnyAdapter[], resource: string, { list, filter, noun }: { list: string; filter: string; noun: string }) {
  const counting = adapters.find((adapter) => adapter.definition.id === list);
  const facet = counting?.filters?.find((declared) => declared.name === filter);
  if (!counting || facet?.kind !== "values") throw new Error(`${resource}: countedIn names no value filter "${filter}" of a list "${list}"`);
  return { adapter: counting, facet, noun };
}

export function resourceRegistry<const L extends ResourceSections>(sections: L, serverHalves: ServerHalvesOf<L>): ResourceRegistry {
  checkResourceList(sections);
  const halves = serverHalves as unknown as Record<string, AnyAdapter>;
  // One object per resource, shared by its screen and every picker of its list (their copies of the list are keyed by it).
  const adapters = listedResources(sections).map((resource): AnyAdapter => {
    const half = halves[resource.name];
    if (half?.resource !== resource) throw new Error(`app/resources/resources.server.ts: ${resource.name} is served by another resource's server half`);
    return { ...half };
  });
  const lists = pickableLists(adapters);
  for (const adapter of adapters) {
    // The lists its form picks from, and those that name its filters' and its export's values.
    const named = [...adapter.definition.fields, ...(adapter.filters ?? []), ...(adapter.exportColumns ?? [])].flatMap((used) =>
      "optionsFrom" in used && used.optionsFrom !== undefined ? [used.optionsFrom] : [],
    );
    for (const column of adapter.exportColumns ?? []) {
      if (column.optionsFrom !== undefined && !lists[column.optionsFrom]) {
        throw new Error(`${adapter.resource.name}: the export's column ${column.header} is named by "${column.optionsFrom}", which no listed resource declares pickable`);
      }
    }
    const pickers = named.flatMap((list) => (lists[list] ? [[list, lists[list]] as const] : []));
    if (pickers.length > 0) adapter.choices = Object.fromEntries(pickers);
  }
  knowResources(adapters.map((adapter) => adapter.resource));
  knowImportableScreens(adapters);

  const screens = adapters.map(
    (adapter): RegisteredScreen => ({
      definition: adapter.definition,
      resource: adapter.resource,
      page: adminPage(adapter.definition.id, adapter.definition.menu),
      load: (admin, request) => loadScreen(admin, request, adapter),
      act: (admin, request) => screenAction(admin, request, adapter),
      exportList: (admin, request) => exportList(admin, request, adapter),
      summary: (admin) => screenSummary(admin.api, adapter),
      loadImport: (admin, request) => loadImport(admin, request, adapter),
      importAction: (admin, request) => importAction(admin, request, adapter),
      importReport: (request) => importReport(request, adapter),
    }),
  );
  const screenById = (id: string | undefined) => screens.find((screen) => screen.page.id === id);
  const ruleOf: FieldUploads["ruleOf"] = ({ screen, field }) => {
    const definition = screenById(screen)?.definition;
    const rules = definition ? fileRulesOf(definition) : {};
    return Object.hasOwn(rules, field) ? rules[field] : undefined;
  };
  // The public documents' page records its replacements too (routes/admin.documents.tsx).
  const auditedScreens = [...screens.map(({ page }) => page), DOCUMENTS_PAGE].map((page) => ({ value: page.id, label: page.alias }));
  return {
    screens,
    menu: adminMenu(sections),
    home: adminPath(screens[0].page),
    screenById,
    screenAt: (pathname) => screenById(screenAt(sections, pathname)?.id),
    auditedScreens,
    auditScreenNames: Object.fromEntries(auditedScreens.map((screen) => [screen.value, screen.label])),
    screenName: (id) => auditedScreens.find((screen) => screen.value === id)?.label ?? id,
    searchOptions: (api, list, q) => (Object.hasOwn(lists, list) ? searchChoices(api, lists[list], q) : undefined),
    addOption: (admin, request, list) => (Object.hasOwn(lists, list) && lists[list].addInline ? addOption(admin, request, lists[list]) : undefined),
    fieldUploads: {
      ruleOf,
      earlyUploadOf(target) {
        const rule = ruleOf(target);
        const earlyUploads = adapters.find((adapter) => adapter.definition.id === target.screen)?.earlyUploads ?? {};
        const send = Object.hasOwn(earlyUploads, target.field) ? earlyUploads[target.field] : undefined;
        return rule && send ? (api, file, signal) => send(api, file, rule, signal) : undefined;
      },
    },
  };
}
