import type { MetaFunction } from "@remix-run/node";
import { notFound } from "~/public/public-page.server";
import { PublicErrorBoundary } from "~/components/public/PublicErrorBoundary";
import { notFoundMeta } from "~/lib/public-meta";

/**
 * An address no other route has: the site's 404, inside its header and footer like every public
 * page (spec §1's title rule: the prefix alone). A form sent to such an address (any method) is
 * a 404 too, not a 405: there is nothing here that could take it. The body gate
 * (server/request-body.server.ts) treats these addresses as unknown, so it reads no more of
 * their bodies than of any form's.
 */
export function loader(): never {
  notFound();
}

export function action(): never {
  notFound();
}

export const meta: MetaFunction = ({ matches }) => notFoundMeta(matches);

export default function UnknownPage() {
  return null;
}

export const ErrorBoundary = PublicErrorBoundary;
