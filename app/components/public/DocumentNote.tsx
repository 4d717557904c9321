import type { DocumentNote } from "~/config/documents";

/** A public PDF's size and date beside its link, small; the date never broken across lines. */
export function DocumentNoteText({ note }: { note: DocumentNote | null | undefined }) {
  if (!note) return null;
  return (
    <small className="document-note">
      {note.size}, <span className="document-date">{note.date}</span>
    </small>
  );
}
