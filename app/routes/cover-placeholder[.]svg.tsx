import type { LoaderFunctionArgs } from "@remix-run/node";
import { PLACEHOLDER_COVER_CSP, PLACEHOLDER_TEXT_MAX_CHARS, placeholderCoverSvg } from "~/lib/placeholder-cover";

/**
 * The cover of a book that has none (`placeholderCoverUrl`): drawn from the title and author in
 * its address, so the same address is the same picture, cached by browsers for a day.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const title = query.get("judul") ?? "";
  const author = query.get("pengarang") ?? "";
  if (title.length > PLACEHOLDER_TEXT_MAX_CHARS || author.length > PLACEHOLDER_TEXT_MAX_CHARS) {
    return new Response("Judul atau nama pengarang terlalu panjang.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(placeholderCoverSvg(title, author), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": PLACEHOLDER_COVER_CSP,
    },
  });
}
