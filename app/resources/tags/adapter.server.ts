import { tagResource } from "~/resources/tags/screen";
import { namedGroupAdapter } from "~/admin-kit/server/named-groups.server";

/** Adapter for `/tags` (spec §7): 20 a page, not the original screen's `limit=1` (design.md). */

export const tagAdapter = namedGroupAdapter("/tags", tagResource);
