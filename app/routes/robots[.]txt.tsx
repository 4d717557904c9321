import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteUrlOf } from "~/public/public-page.server";

export function loader({ request }: LoaderFunctionArgs) {
  const siteUrl = siteUrlOf(request);
  const body = ["User-agent: *", "Disallow: /admin", "Allow: /", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
