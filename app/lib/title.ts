/** Spec §1: the product title prefix plus the page name, or the prefix alone. */
export function pageTitle(prefix: string, pageName?: string): string {
  // A name of blanks is none (spec §1: the prefix alone), not "Prefix |    "; any other, as written.
  return pageName?.trim() ? `${prefix} | ${pageName}` : prefix;
}
