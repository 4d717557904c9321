import { documentNote, PUBLIC_DOCUMENTS, type DocumentNote, type PublicDocumentName } from "~/config/documents";
import { cachedRead } from "~/platform/cache.server";
import { currentDocument, DOCUMENTS_CACHE } from "~/platform/documents.server";

/**
 * The public documents' labels beside their links (header menu, the home page's duties): each
 * current version's size and date. A document with no file has no label.
 *
 * Kept as a public read of the documents (`cachedRead`, the public cache's TTL): every public page
 * shows them, and reading them from disk on each render (two `stat`s per document, the first
 * failing while no admin has replaced it, and their labels formatted) was an eighth of a rendered
 * page's CPU (docs/performance.md, "The rendered home page"). A replacement through the site
 * clears them with the pages that show them (`clearResource(DOCUMENTS_CACHE)`, on every process);
 * a file put in DATA_DIR by hand shows within the TTL, as a page from the whole-page cache would.
 */
export function publicDocumentLabels(): Promise<Record<PublicDocumentName, DocumentNote | null>> {
  return cachedRead("documents:labels", DOCUMENTS_CACHE, readLabels);
}

async function readLabels(): Promise<Record<PublicDocumentName, DocumentNote | null>> {
  const entries = await Promise.all(
    PUBLIC_DOCUMENTS.map(async ({ name }) => {
      const version = await currentDocument(name);
      return [name, version ? documentNote(version) : null] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<PublicDocumentName, DocumentNote | null>;
}
