import { genreResource } from "~/resources/genres/screen";
import { namedGroupAdapter } from "~/admin-kit/server/named-groups.server";

/** Adapter for `/genres` (spec §7), the Kategori screen. */

export const genreAdapter = namedGroupAdapter("/genres", genreResource);
