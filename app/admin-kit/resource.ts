import type * as z from "zod";
import type { Cells } from "./fields";
import { adminPage, type AdminSection } from "./menu";
import type { ScreenDefinition } from "./screen";

/**
 * What an upstream resource is to the site, declared once in its folder: the browser-safe half
 * (`app/resources/<name>/<name>.ts`, made by `defineResource`) holds what both sides read: its
 * name, its back-office screen, where else its records show, and whether other forms pick its
 * records. Its server half (`<name>.server.ts`, made by `serveResource` of the kit's server face)
 * adds the upstream's record shape, its calls and its reads. The resources are named in one list
 * (app/resources/resources.ts, in menu order); the kit and the platform below them name none.
 */

/** Whether and how other forms pick this resource's records (a book's author is picked among the authors). */
export interface Pickable<C extends Cells = Cells> {
  /** The cells an option's label is made of: searched, and ordered by the first ("001 Karya umum"). */
  label: ReadonlyArray<keyof C & string>;
  /**
   * What tells look-alike options apart ("Fitri Sutrisno" and "Fitri Sutrisno, M.Hum."), made
   * from the record's table cells: said beside the label, in the picker and its no-JavaScript select.
   */
  detail?(cells: C): string;
  /**
   * Its records counted in another list, by one of that list's value filters (a genre's books:
   * `{ list: "book", filter: "genre", noun: "buku" }`): "12 buku" said before the `detail`.
   */
  countedIn?: { list: string; filter: string; noun: string };
  /**
   * A picker may add a record typed in it ("Tambah pengarang baru «…»"), saved by this screen's
   * add form with the label's one cell as its only value: for a list whose records are a name.
   */
  addInline?: boolean;
  /** Said when its list cannot be read and the upstream sends no text of its own (spec §8's lookup failures). */
  lookupFailed: string;
}

export interface ResourceDeclaration<Name extends string = string, C extends Cells = Cells, S extends z.ZodObject = z.ZodObject> {
  /** The upstream resource's name, its folder's (`books`, `mission-visions`): what its writes clear, how its server half is registered. */
  name: Name;
  /** Its back-office screen (`/admin/<screen id>`). */
  screen: ScreenDefinition<C, S>;
  /** The resources whose records show this one's (a genre's name shows on its books): a write to it clears them too. */
  shownIn?: readonly string[];
  /** Other forms may pick its records: its list is the screen's id (`optionsFrom`, `/admin/options/<id>`). */
  pickable?: Pickable<C>;
}

/** Declares a resource with its screen's cells and schema checked against what else it declares. */
export function defineResource<const Name extends string, C extends Cells, S extends z.ZodObject>(declaration: ResourceDeclaration<Name, C, S>) {
  return declaration;
}

/** Any resource, whatever its cells and schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds resources of every cell and schema type
export type AnyResource = ResourceDeclaration<string, any, any>;

/** The one list: the resources by menu section, one line each, in menu order (spec §2, Admin routes). */
export type ResourceSections = ReadonlyArray<{ readonly label: string; readonly resources: readonly AnyResource[] }>;

/** Every listed resource, in menu order. */
export type ListedResource<L extends ResourceSections> = L[number]["resources"][number];

export function listedResources<L extends ResourceSections>(sections: L): Array<ListedResource<L>> {
  return sections.flatMap((section) => section.resources);
}

/** The audit log's own page: in the menu after the screens, but no screen of records. */
export const AUDIT_PAGE = adminPage("audit", { alias: "Log Aktivitas", title: "Riwayat Perubahan", icon: "log" });

/** The public PDFs' own page (app/routes/admin.documents.tsx): replaced without a redeploy. */
export const DOCUMENTS_PAGE = adminPage("documents", { alias: "Dokumen", title: "Dokumen Publik", icon: "folder" });

/** The sidebar: each section's screens, then the audit log's and the public documents'. */
export function adminMenu(sections: ResourceSections): AdminSection[] {
  return [
    ...sections.map((section) => ({ label: section.label, pages: section.resources.map(({ screen }) => adminPage(screen.id, screen.menu)) })),
    { label: "Riwayat", pages: [AUDIT_PAGE, DOCUMENTS_PAGE] },
  ];
}

/** The screen at an admin path (`/admin/<id>`, or below it), if one is listed. */
export function screenAt(sections: ResourceSections, pathname: string): ScreenDefinition | undefined {
  const id = /^\/admin\/([^/]+)/.exec(pathname)?.[1];
  return listedResources(sections).find(({ screen }) => screen.id === id)?.screen;
}

/** The checks no type can make: ids and names used once, and every reference naming a listed resource. */
export function checkResourceList(sections: ResourceSections): void {
  const resources = listedResources(sections);
  const once = (what: string, values: string[]) => {
    const repeated = values.find((value, index) => values.indexOf(value) !== index);
    if (repeated !== undefined) throw new Error(`app/resources/resources.ts: two resources have the ${what} "${repeated}"`);
  };
  once("name", resources.map((resource) => resource.name));
  once("screen id", [...resources.map((resource) => resource.screen.id), AUDIT_PAGE.id, DOCUMENTS_PAGE.id]);
  const names = new Set(resources.map((resource) => resource.name));
  const lists = new Set(resources.filter((resource) => resource.pickable).map((resource) => resource.screen.id));
  for (const resource of resources) {
    for (const shown of resource.shownIn ?? []) {
      if (!names.has(shown)) throw new Error(`${resource.name}: its records show in "${shown}", which the list of resources does not have`);
    }
    for (const field of resource.screen.fields) {
      if (field.optionsFrom !== undefined && !lists.has(field.optionsFrom)) {
        throw new Error(`${resource.name}: the field ${field.name} picks from "${field.optionsFrom}", which no listed resource declares pickable`);
      }
    }
  }
}
