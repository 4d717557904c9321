/** `text` cut to at most `limit` characters at a word boundary, with "…" when anything was cut. */
export function clipText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit - 1).replace(/\s+\S*$/, "")}…`;
}
