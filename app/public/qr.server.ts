import { createHash } from "node:crypto";
import QRCode from "qrcode";

const cache = new Map<string, Promise<string>>();

/** An SVG QR code for a link (the app download prompt), made once per link. */
export function qrSvg(link: string): Promise<string> {
  let svg = cache.get(link);
  if (!svg) {
    svg = QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#102a43", light: "#ffffff" } });
    cache.set(link, svg);
  }
  return svg;
}

/**
 * Where pages load the app's QR code from (`routes/app-qr[.]svg.tsx`). The code is an image of
 * its own rather than inline markup: inline, its 2.5 KB went into every public page twice (the
 * HTML and the route data) and was rendered on every view. The version follows the link, so the
 * image can be cached for good.
 */
export function qrImagePath(link: string): string {
  return `/app-qr.svg?v=${qrVersion(link)}`;
}

const versions = new Map<string, string>();

/** A short hash of the link, worked out once per link (every public page asks for it). */
export function qrVersion(link: string): string {
  let version = versions.get(link);
  if (!version) {
    version = createHash("sha256").update(link).digest("base64url").slice(0, 10);
    versions.set(link, version);
  }
  return version;
}
