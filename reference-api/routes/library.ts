import express from "express";
import type { ApiContext } from "../context.ts";
import { longText, optionalFlag, optionalPhone, optionalText, requiredText } from "../validation.ts";
import { resourceRouter } from "./resource.ts";

/**
 * The library panel (spec §7 "Library", a separate service upstream). Served by this same
 * process under its own paths; deleting goes through DELETE /company/{id} as the spec has it.
 */
export function libraryRoutes(context: ApiContext): express.Router {
  return resourceRouter(context, {
    path: "/bibliographies/admin/library",
    table: "libraries",
    listKey: "data",
    publicRead: false,
    fields: {
      name: requiredText("Nama perpustakaan"),
      address: optionalText("Alamat", 500),
      phone_number: optionalPhone(),
      about: longText("Tentang perpustakaan"),
      active: optionalFlag("Status aktif"),
    },
    defaults: { address: "", phone_number: "", about: "", active: 1 },
    orderBy: "id",
    deletePath: "/company",
    serialize: (row) => ({ ...row, active: row.active === 1 }),
  });
}
