import { documentNote, PUBLIC_DOCUMENTS, type DocumentNote, type PublicDocumentName } from "~/config/documents";
import { currentDocument } from "~/platform/documents.server";

/**
 * The public documents' labels beside their links (header menu, the home page's duties): each
 * current version's size and date, read from disk on each render of a page (the whole-page cache
 * keeps the page until a replacement clears it). A document with no file has no label.
 */
export async function publicDocumentLabels(): Promise<Record<PublicDocumentName, DocumentNote | null>> {
  const entries = await Promise.all(
    PUBLIC_DOCUMENTS.map(async ({ name }) => {
      const version = await currentDocument(name);
      return [name, version ? documentNote(version) : null] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<PublicDocumentName, DocumentNote | null>;
}
