import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "@server/config.server";
import { qrSvg, qrVersion } from "~/public/qr.server";

/** The app download QR code of the public footer (see `qrImagePath`). */
export async function loader({ request }: LoaderFunctionArgs) {
  const link = getConfig().product.appStoreUrl;
  // The current version never changes meaning; an older page's address gets the current code, briefly cached.
  const current = new URL(request.url).searchParams.get("v") === qrVersion(link);
  return new Response(await qrSvg(link), {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    },
  });
}
