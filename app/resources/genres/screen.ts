import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { namedGroupResource } from "~/admin-kit/named-groups";

/** Mobile Settings › Kategori (spec §2, §7 /genres): the catalogue's genres. */
export const genreResource = namedGroupResource({
  id: "genre",
  menu: { alias: "Kategori", icon: "folder" },
  noun: "kategori",
  deleteQuestion: ADMIN_MESSAGES.confirmDeleteGenre,
});
