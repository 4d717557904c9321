import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { namedGroupResource } from "~/admin-kit/named-groups";

/** Mobile Settings › Tag (spec §2, §7 /tags): the catalogue's tags. */
export const tagResource = namedGroupResource({
  id: "tag",
  menu: { alias: "Tag", icon: "tag" },
  noun: "tag",
  deleteQuestion: ADMIN_MESSAGES.confirmDeleteTag,
});
