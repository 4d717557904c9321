import { ADMIN_MESSAGES } from "~/admin/messages";
import { namedGroupResource } from "~/admin/named-groups";

/** Mobile Settings › Kategori (spec §2, §7 /genres): the catalogue's genres. */
export const genreResource = namedGroupResource({
  id: "genre",
  menu: { alias: "Kategori", icon: "folder" },
  noun: "kategori",
  deleteQuestion: ADMIN_MESSAGES.confirmDeleteGenre,
});
