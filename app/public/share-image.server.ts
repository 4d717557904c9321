import { createHash } from "node:crypto";
import sharp from "sharp";
import { escapeXml } from "~/lib/xml";
// The logo as built: the process's own folder is not the project's once built.
import logoSvg from "../../public/logo.svg?raw";

/**
 * The site's own picture for links shared to chat apps and social networks (`og:image` of every
 * public page without a picture of its own): the logo and the agency's name on the site's blue,
 * 1200×630 as Open Graph asks, drawn from SVG by sharp the first time it is asked for and kept.
 * The name is set in the machine's sans-serif font (DejaVu Sans on Debian); a machine with no
 * fonts at all shows the logo alone.
 */

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
const LINE_CHARS = 22;
const MAX_LINES = 4;

const images = new Map<string, Promise<Buffer>>();

/** The name in lines of at most LINE_CHARS characters, broken between words. */
function lines(title: string): string[] {
  const result: string[] = [];
  for (const word of title.trim().split(/\s+/)) {
    const last = result.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= LINE_CHARS) result[result.length - 1] = `${last} ${word}`;
    else result.push(word);
  }
  return result.length > MAX_LINES ? [...result.slice(0, MAX_LINES - 1), `${result.slice(MAX_LINES - 1).join(" ").slice(0, LINE_CHARS - 1)}…`] : result;
}

async function draw(title: string): Promise<Buffer> {
  const logo = Buffer.from(logoSvg);
  const text = lines(title);
  const lineHeight = 66;
  const top = SHARE_IMAGE.height / 2 - ((text.length - 1) * lineHeight) / 2 + 20;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE.width}" height="${SHARE_IMAGE.height}">
  <rect width="100%" height="100%" fill="#0b5d8f"/>
  <rect y="590" width="100%" height="40" fill="#f2a900"/>
  <image x="90" y="${SHARE_IMAGE.height / 2 - 140}" width="240" height="240" href="data:image/svg+xml;base64,${logo.toString("base64")}"/>
  <circle cx="210" cy="${SHARE_IMAGE.height / 2 - 20}" r="124" fill="none" stroke="#fff" stroke-width="8"/>
  <text x="400" y="${top}" fill="#fff" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="52" font-weight="700">${text
    .map((line, index) => `<tspan x="400" dy="${index === 0 ? 0 : lineHeight}">${escapeXml(line)}</tspan>`)
    .join("")}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** The picture for this name, drawn once per name. */
export function shareImagePng(title: string): Promise<Buffer> {
  let image = images.get(title);
  if (!image) {
    image = draw(title);
    images.set(title, image);
    image.catch(() => images.delete(title));
  }
  return image;
}

/** Where pages point at it (`routes/share-image[.]png.tsx`): versioned by the name, so that it may be cached for good. */
export function shareImagePath(title: string): string {
  return `/share-image.png?v=${createHash("sha256").update(title).digest("base64url").slice(0, 10)}`;
}
