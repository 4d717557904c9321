import { namedGroupScreen } from "~/admin-kit/named-groups";
import { defineResource } from "~/admin-kit/resource";

/** Mobile Settings › Kategori (spec §2, §7 /genres): the catalogue's genres, picked in the book form and shown on its books. */

export const genreScreen = namedGroupScreen({
  id: "genre",
  menu: { alias: "Kategori", icon: "folder" },
  noun: "kategori",
  deleteQuestion: "Are you sure you want to delete this genre?",
});

export const genreResource = defineResource({
  name: "genres",
  screen: genreScreen,
  shownIn: ["books"],
  pickable: {
    label: ["name"],
    addInline: true,
    // Its books, counted in the book list's copy: two "Sejarah" are told apart by use.
    countedIn: { list: "book", filter: "genre", noun: "buku" },
    lookupFailed: "Terjadi kesalahan saat mengambil data genre!",
  },
});
