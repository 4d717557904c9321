/**
 * Responsive images: the widths the image proxy (server/images.server.ts) resizes to, and the
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

/**
 * The attributes of an `<img>` that lets the browser pick the smallest variant for its layout
 * width (`sizes`) and screen density. `src` stays the original, for anything that ignores srcset.
 */
export function responsiveImage(src: string, sizes: string): { src: string; srcSet: string; sizes: string } {
  return {
    src,
    srcSet: IMAGE_WIDTHS.map((width) => `${imageVariantUrl(src, width)} ${width}w`).join(", "),
    sizes,
  };
}
