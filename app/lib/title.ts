/** Spec §1: the product title prefix plus the page name, or the prefix alone. */
export function pageTitle(prefix: string, pageName?: string): string {
  return pageName ? `${prefix} | ${pageName}` : prefix;
}
