import * as z from "zod";

/**
 * An image address a setting may give the page (the region's emblem): a path on this site
 * (`/lambang.svg`) or an https: URL, else undefined. The value goes into an `<img src>` of every
 * public page, so a javascript: or data: address, a protocol-relative `//host` (or `/\host`,
 * which browsers read the same) and plain http: (mixed content, and outside the img-src policy
 * of an https site) are refused rather than passed on. Only printable ASCII is taken: a URL
 * with spaces or other characters is written percent-encoded.
 */
function siteOrHttpsImageUrl(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text || /[^!-~]|\\/.test(text)) return undefined;
  if (text.startsWith("/")) return text.startsWith("//") ? undefined : text;
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  return url.protocol === "https:" && url.hostname && !url.username && !url.password ? url.href : undefined;
}

/**
 * The setting itself: unset or empty is no emblem; anything `siteOrHttpsImageUrl` refuses stops
 * the start with one line, as every other invalid setting does (a typo would otherwise leave the
 * header without its emblem and nobody told).
 */
export const siteOrHttpsImageSetting = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return undefined;
    const url = siteOrHttpsImageUrl(value);
    if (url === undefined) ctx.addIssue({ code: "custom", message: "must be a path on this site (/lambang.svg) or an https: URL, in ASCII" });
    return url;
  });
