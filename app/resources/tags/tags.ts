import { namedGroupScreen } from "~/admin-kit/named-groups";
import { defineResource } from "~/admin-kit/resource";

/** Mobile Settings › Tag (spec §2, §7 /tags): the catalogue's tags, picked in the book form and shown on its books. */

export const tagScreen = namedGroupScreen({
  id: "tag",
  menu: { alias: "Tag", icon: "tag" },
  noun: "tag",
  deleteQuestion: "Are you sure you want to delete this tag?",
});

export const tagResource = defineResource({
  name: "tags",
  screen: tagScreen,
  shownIn: ["books"],
  pickable: {
    label: ["name"],
    addInline: true,
    // Its books, counted in the book list's copy: two "Sejarah" are told apart by use.
    countedIn: { list: "book", filter: "tag", noun: "buku" },
    lookupFailed: "Terjadi kesalahan saat mengambil data tag!",
  },
});
