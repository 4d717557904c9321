import { catalogueHref, FACETS, toggled, type CatalogueQuery, type FacetBlockData } from "~/lib/catalogue-query";
import { formatIndonesianNumber } from "~/lib/format";

/**
 * The catalogue's facets: what is chosen, each a link that takes it off, then each facet's values
 * with their counts (the most held first, "Lihat semua" for the rest), each a link that chooses
 * it (or takes it off) with the rest of the query: plain links, so they work without JavaScript. On a phone they fold under "Saring" (`<details>`), open on a wider screen (public.css).
 */
export function CatalogueFacets({ query, facets }: { query: CatalogueQuery; facets: FacetBlockData[] }) {
  const chosen = FACETS.flatMap(({ name, label }) => (query.chosen[name] ?? []).map((value) => ({ name, label, value })));
  return (
    <details className="catalogue-facets">
      <summary>Saring{chosen.length ? ` (${chosen.length})` : ""}</summary>
      {chosen.length ? (
        <ul className="catalogue-chosen" aria-label="Saringan terpilih">
          {chosen.map(({ name, label, value }) => (
            <li key={`${name}=${value}`}>
              <a href={catalogueHref(toggled(query, name, value))}>
                {label}: {value}
                <span aria-hidden="true"> ×</span>
                <span className="visually-hidden"> (hapus saringan)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {facets.map((facet) => (
        <section key={facet.name} aria-labelledby={`facet-${facet.name}`}>
          <h2 id={`facet-${facet.name}`}>{facet.label}</h2>
          <ul>
            {facet.values.map((value) => (
              <li key={value.value}>
                <a href={catalogueHref(toggled(query, facet.name, value.value))} aria-current={value.chosen ? "true" : undefined}>
                  <span>{value.label}</span> <span className="facet-count">{formatIndonesianNumber(value.count)}</span>
                </a>
              </li>
            ))}
          </ul>
          {facet.more > 0 ? (
            <a className="facet-more" href={catalogueHref({ ...query, all: facet.name })}>
              Lihat semua ({formatIndonesianNumber(facet.more)} lainnya)
            </a>
          ) : query.all === facet.name ? (
            <a className="facet-more" href={catalogueHref({ ...query, all: undefined })}>
              Tampilkan lebih sedikit
            </a>
          ) : null}
        </section>
      ))}
    </details>
  );
}
