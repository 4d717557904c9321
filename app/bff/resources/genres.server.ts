import { genreResource } from "~/admin/resources/named-groups";
import { namedGroupAdapter } from "./named-groups.server.ts";

/** Adapter for `/genres` (spec §7), the Kategori screen. */

export const genreAdapter = namedGroupAdapter("/genres", genreResource);
