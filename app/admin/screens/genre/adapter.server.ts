import { genreResource } from "~/admin/screens/genre/screen";
import { namedGroupAdapter } from "~/bff/resources/named-groups.server";

/** Adapter for `/genres` (spec §7), the Kategori screen. */

export const genreAdapter = namedGroupAdapter("/genres", genreResource);
