import { tagResource } from "~/admin/resources/named-groups";
import { namedGroupAdapter } from "./named-groups.server.ts";

/** Adapter for `/tags` (spec §7): 20 a page, not the original screen's `limit=1` (design.md). */

export const tagAdapter = namedGroupAdapter("/tags", tagResource);
