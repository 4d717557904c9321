import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteMatch, type AgnosticRouteObject } from "@remix-run/router";
import { LRUCache } from "lru-cache";
import { uploadsOf, type UploadKind } from "./upload-handle.server.ts";

/**
 * Which route of the built app a request's path selects, decided before Remix reads the body:
 * request-body.server.ts bounds a body by what that route takes (a form, uploads, nothing), and
 * the metrics label a request by it. The matching is React Router's own (`matchRoutes` over the
 * build's route tree, as Remix builds it); only the choice of the route whose action a form
 * runs is written here, in Remix's words (`getTargetMatch`: the deepest route with a path of its
 * own, an index only with `?index`), since the router does not export it.
 */

/** What a request's path selects for a form submission, as Remix chooses it. */
export interface RouteTarget {
  routeId: string;
  hasAction: boolean;
  uploads: UploadKind[] | undefined;
}

type RouteManifest = ServerBuild["routes"];

/** The manifest as the nested route objects the router matches (Remix's `createRoutes`, which it does not export). */
function routeTree(manifest: RouteManifest, parentId?: string): AgnosticRouteObject[] {
  return Object.values(manifest)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) =>
      route!.index
        ? { id: route!.id, index: true, path: route!.path, caseSensitive: route!.caseSensitive }
        : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: routeTree(manifest, route!.id) },
    );
}

function hasNakedIndexQuery(search: string): boolean {
  return new URLSearchParams(search).getAll("index").some((value) => value === "");
}

/** The match whose action a submission to these matches runs (Remix's `getTargetMatch`). */
function actionTarget(matches: AgnosticRouteMatch[], search: string): AgnosticRouteMatch {
  const last = matches[matches.length - 1];
  if (last.route.index && hasNakedIndexQuery(search)) return last;
  const contributing = matches.filter((match, i) => i === 0 || Boolean(match.route.path));
  return contributing[contributing.length - 1];
}

/** Paths matched and kept (the router ranks the whole tree on every call): bounded, since any path may be asked. */
const KEPT_MATCHES = 2_000;

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The route Remix would run the action of for this path and query, or undefined when nothing
 * but the catch-all matches it (the site's 404 page, routes/_public.$, answers it).
 * Single-fetch data URLs (`/about.data`, `/_root.data`) are matched as the page they are for.
 */
export function routeMatcher(manifest: RouteManifest): (pathname: string, search: string) => RouteTarget | undefined {
  const routes = routeTree(manifest);
  const kept = new LRUCache<string, RouteTarget | "none">({ max: KEPT_MATCHES });
  const targetOf = (pathname: string, search: string): RouteTarget | undefined => {
    let path = pathname;
    if (path.endsWith(".data")) {
      path = path.slice(0, -".data".length);
      if (path === "/_root") path = "/";
    }
    // Not an address at all (`/about%ZZ`, refused with 400 further on): React Router would warn
    // about it on the console, a line of plain text in the JSON log.
    if (!decodable(path)) return undefined;
    const matches = matchRoutes(routes, path);
    // Only the root, or the catch-all: to the body gate an address no other route has is unknown.
    if (!matches || matches.length < 2 || matches.some((match) => match.route.path?.includes("*"))) return undefined;
    const { route } = actionTarget(matches, search);
    const module = manifest[route.id as string]?.module;
    return module ? { routeId: route.id as string, hasAction: typeof module.action === "function", uploads: uploadsOf(module.handle, route.id as string) } : undefined;
  };
  return (pathname, search) => {
    const key = `${hasNakedIndexQuery(search) ? "i" : "-"}${pathname}`;
    let target = kept.get(key);
    if (target === undefined) {
      target = targetOf(pathname, search) ?? "none";
      kept.set(key, target);
    }
    return target === "none" ? undefined : target;
  };
}
