import type { ServerBuild } from "@remix-run/node";
import { uploadsOf, type UploadKind } from "./upload-handle.server.ts";

/**
 * Which route of the built app a request's path selects, decided before Remix reads the body:
 * request-body.server.ts bounds a body by what that route takes (a form, uploads, nothing).
 */

/** A route of the app, with what its body handling needs. */
interface RouteInfo {
  id: string;
  /** The route's own path (undefined for a pathless layout or an index). */
  path: string | undefined;
  index: boolean;
  hasAction: boolean;
  uploads: UploadKind[] | undefined;
}

interface Branch {
  /** From the root route to the route, in order. */
  chain: RouteInfo[];
  /** The full path, split into lower-cased segments (":name" for a parameter). */
  segments: string[];
  score: number;
}

/** What a request's path selects for a form submission, as Remix chooses it. */
export interface RouteTarget {
  routeId: string;
  hasAction: boolean;
  uploads: UploadKind[] | undefined;
}

type RouteManifest = ServerBuild["routes"];

/**
 * The route Remix would run the action of for this path and query, or undefined when nothing
 * but the catch-all matches it (the site's 404 page, routes/_public.$, answers it). Mirrors
 * React Router's ranking (static segments over parameters, an index over its layout) and Remix's
 * target choice (the deepest route with a path of its own, the index only with `?index`).
 * Single-fetch data URLs (`/about.data`, `/_root.data`) are matched as the page they are for.
 */
export function routeMatcher(manifest: RouteManifest): (pathname: string, search: string) => RouteTarget | undefined {
  const infos = new Map<string, RouteInfo>();
  for (const [id, route] of Object.entries(manifest)) {
    if (!route) continue;
    infos.set(id, {
      id,
      path: route.path,
      index: route.index === true,
      hasAction: typeof route.module.action === "function",
      uploads: uploadsOf(route.module.handle),
    });
  }
  const branches: Branch[] = [];
  for (const [id, route] of Object.entries(manifest)) {
    if (!route) continue;
    const chain: RouteInfo[] = [];
    for (let current: string | undefined = id; current; current = manifest[current]?.parentId) {
      const info = infos.get(current);
      if (!info) break;
      chain.unshift(info);
    }
    const segments = chain
      .map((info) => info.path ?? "")
      .join("/")
      .split("/")
      .filter((segment) => segment !== "")
      .map((segment) => (segment.startsWith(":") ? segment : segment.toLowerCase()));
    // The catch-all (routes/_public.$, the site's 404) answers only addresses no other route
    // has: to the body gate they are unknown, as they were before it existed.
    if (segments.includes("*")) continue;
    // React Router's computeScore: a static segment 10, a parameter 3, an index 2 more.
    const score =
      Math.max(segments.length, 1) +
      (segments.length === 0 ? 1 : 0) +
      segments.reduce((sum, segment) => sum + (segment.startsWith(":") ? 3 : 10), 0) +
      (infos.get(id)?.index ? 2 : 0);
    branches.push({ chain, segments, score });
  }
  branches.sort((a, b) => b.score - a.score);

  return (pathname, search) => {
    let path = pathname;
    if (path.endsWith(".data")) {
      path = path.slice(0, -".data".length);
      if (path === "/_root") path = "/";
    }
    const given = path
      .split("/")
      .filter((segment) => segment !== "")
      .map((segment) => {
        try {
          return decodeURIComponent(segment).toLowerCase();
        } catch {
          return segment.toLowerCase();
        }
      });
    const branch = branches.find(
      ({ segments }) =>
        segments.length === given.length && segments.every((segment, i) => (segment.startsWith(":") ? given[i] !== "" : segment === given[i])),
    );
    if (!branch || branch.chain.length < 2) return undefined;
    const last = branch.chain[branch.chain.length - 1];
    const nakedIndex = new URLSearchParams(search).getAll("index").some((value) => value === "");
    const target =
      last.index && nakedIndex ? last : [...branch.chain].reverse().find((info, i, all) => i === all.length - 1 || Boolean(info.path));
    if (!target) return undefined;
    return { routeId: target.id, hasAction: target.hasAction, uploads: target.uploads };
  };
}
