import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "@server/config.server";
import { shareImagePath, shareImagePng } from "~/public/share-image.server";

/** The site's picture for shared links (`og:image` of a page without its own; see share-image.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { title } = getConfig().product;
  const url = new URL(request.url);
  // The current version never changes meaning; an older page's address gets the current picture, briefly cached.
  const current = `${url.pathname}${url.search}` === shareImagePath(title);
  return new Response(new Uint8Array(await shareImagePng(title)), {
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    },
  });
}
