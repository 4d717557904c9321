/**
 * Responsive images: the widths the image proxy (app/platform/images.server.ts) resizes to, and the
 * `srcset`/`sizes` every public page builds from them. A fixed set keeps the disk cache bounded
 * and lets browsers and caches share variants.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1920] as const;

/** Whether `src` is an upload served through the site's image proxy (`fileUrl`/`coverUrl`), which can resize it. */
export function isResizableUpload(src: string): boolean {
  return src.startsWith("/files/") || src.startsWith("/covers/");
}

/** A stored upload's URL (from `fileUrl`/`coverUrl`) at one of the widths. */
export function imageVariantUrl(src: string, width: number): string {
  return `${src}?w=${width}`;
}

/** The densest screens we serve sharp images to (CSS px to device px). */
const MAX_DENSITY = 3;

/**
 * The attributes of an `<img>` that lets the browser pick the smallest variant for its layout
 * width (`sizes`) and screen density. `src` stays the original, for anything that ignores srcset.
 * An image of a fixed size (`sizes` such as "96px") lists only the widths a screen can use for
 * it: a 96 px photo needs 320 at most, and the larger ones only made every page longer.
 */
export function responsiveImage(src: string, sizes: string): { src: string; srcSet: string; sizes: string } {
  const fixedWidth = /^(\d+)px$/.exec(sizes);
  const largestUseful = fixedWidth ? Number(fixedWidth[1]) * MAX_DENSITY : Infinity;
  const widths = IMAGE_WIDTHS.filter((width, index) => index === 0 || IMAGE_WIDTHS[index - 1] < largestUseful);
  return {
    src,
    srcSet: widths.map((width) => `${imageVariantUrl(src, width)} ${width}w`).join(", "),
    sizes,
  };
}
