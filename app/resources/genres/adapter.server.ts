import { genreResource } from "~/resources/genres/screen";
import { namedGroupAdapter } from "~/bff/resources/named-groups.server";

/** Adapter for `/genres` (spec §7), the Kategori screen. */

export const genreAdapter = namedGroupAdapter("/genres", genreResource);
