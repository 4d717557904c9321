/**
 * Structured data for search engines; `<` is escaped so no value can close the script element.
 * Each page's data `satisfies` its schema-dts type (Google's TypeScript types of the schema.org
 * vocabulary): a type or a property schema.org does not have fails the typecheck. Data, not a
 * script: no Content-Security-Policy governs it, so it needs no nonce (a public page has none).
 */
export function JsonLd({ data }: { data: { "@context": "https://schema.org"; "@type": string } }) {
  return (
    <script
      type="application/ld+json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
