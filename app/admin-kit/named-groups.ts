import { catalogueOnSite } from "~/admin-kit/placement";
import { requiredText } from "~/admin-kit/fields";
import type { MenuEntry } from "~/admin-kit/menu";
import { GENERIC_SCREEN_MESSAGES } from "~/admin-kit/messages";
import { SAME_NAME } from "~/admin-kit/duplicates";
import { defineScreen, formOf } from "~/admin-kit/screen";

/**
 * Genres (Kategori) and tags (spec §3, §7 /genres, /tags): the same record, a name and an
 * optional cover. The cover is set elsewhere (the upstream's /covers); the screens send the
 * name only and show the cover, or a placeholder image when there is none.
 */

const namedGroupForm = formOf([{ name: "name", label: "Nama", type: "text", rule: requiredText(100) }]);

export const namedGroupSchema = namedGroupForm.schema;

export type NamedGroupCells = {
  name: string;
  /** The cover's URL, or the placeholder's. */
  cover: string;
};

/** Shown in the Sampul column when a genre or tag has no cover of its own. */
export const COVER_PLACEHOLDER = "/images/cover-placeholder.svg";

interface NamedGroupScreen {
  /** The screen's id (its URL segment). */
  id: string;
  menu: MenuEntry;
  /** The noun in the table caption and the modal titles, e.g. "kategori". */
  noun: string;
  deleteQuestion: string;
}

/** A genre or tag screen: the two differ only in their names. */
export function namedGroupScreen({ id, menu, noun, deleteQuestion }: NamedGroupScreen) {
  return defineScreen<NamedGroupCells, typeof namedGroupSchema>({
    id,
    menu,
    placement: (site) => catalogueOnSite(site),
    caption: `Daftar ${noun}`,
    rowLabel: (group) => group.name,
    columns: [
      { header: "Nama", accessor: "name", wrap: true },
      { header: "Sampul", accessor: "cover", display: "image", width: 64 },
    ],
    ...namedGroupForm,
    texts: {
      addTitle: `TAMBAH ${noun.toUpperCase()}`,
      addSubmit: "SIMPAN",
      editTitle: `UBAH ${noun.toUpperCase()}`,
      editSubmit: "UBAH",
      deleteQuestion,
      empty: `Belum ada ${noun}.`,
    },
    messages: GENERIC_SCREEN_MESSAGES,
    addButton: { placement: "toolbar" },
    edit: true,
    remove: true,
    pageSize: 20,
    exportable: true,
    duplicates: [SAME_NAME],
  });
}
