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
