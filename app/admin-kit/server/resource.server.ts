import type * as z from "zod";
import type { ResourceDeclaration } from "~/admin-kit/resource";
import type { Cells } from "~/admin-kit/screen";
import type { ResourceAdapter } from "./screen/adapter.server.ts";

/**
 * A resource's server half (`app/resources/<name>/<name>.server.ts`): its declaration (the
 * browser-safe half) with how the upstream lists, shows and writes its records. The registry
 * gives each screen its pickers' lists (`choices`) from the pickable resources of the one list.
 */
export type ServerHalf<Rec, C extends Cells, S extends z.ZodObject> = Omit<ResourceAdapter<Rec, C, S>, "definition" | "resource" | "choices">;

export type ServedResource<Name extends string, Rec, C extends Cells, S extends z.ZodObject> = ResourceAdapter<Rec, C, S> & {
  resource: ResourceDeclaration<Name, C, S>;
};

export function serveResource<const Name extends string, Rec, C extends Cells, S extends z.ZodObject>(
  resource: ResourceDeclaration<Name, C, S>,
  server: ServerHalf<Rec, C, S>,
): ServedResource<Name, Rec, C, S> {
  return { ...server, definition: resource.screen, resource };
}
