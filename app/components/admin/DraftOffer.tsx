import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { fileSizeText } from "~/lib/draft-files";
import { DRAFT_DROPPED, draftTimeText, listDrafts, type DraftKey, type FormDraft, type FormDraftSettings } from "~/lib/form-drafts";

/**
 * The back-office's side of the form drafts (app/lib/form-drafts.ts): the account's settings as
 * the admin layout sends them, the offer a form makes of its draft, and the layout's note of
 * drafts kept for forms that are not open.
 */

/** The drafts' owner and lifetime from the admin layout's loader; undefined outside the back-office. */
export function useFormDraftSettings(): FormDraftSettings | undefined {
  const data = useRouteLoaderData("routes/admin") as { formDrafts?: FormDraftSettings } | undefined;
  return data?.formDrafts;
}

interface DraftOfferProps {
  draft: FormDraft;
  onRestore(): void;
  onDiscard(): void;
}

/** What the offer says of the files chosen then: their uploads come back with the draft (an older draft only knew that there were some). */
function draftFilesText(draft: FormDraft): string | null {
  const names = Object.values(draft.files ?? {}).map((file) => `“${file.name}” (${fileSizeText(file.size)})`);
  if (names.length > 0) return ` Berkas yang dipilih saat itu ikut dipulihkan: ${names.join(", ")}.`;
  return draft.hadFiles ? " Berkas yang dipilih saat itu tidak ikut tersimpan: pilih lagi setelah memulihkan." : null;
}

/** Inside a form: "what you typed before is here; take it back?" */
export function DraftOffer({ draft, onRestore, onDiscard }: DraftOfferProps) {
  const textId = useId();
  return (
    <div className="kit-unresolved kit-draft-offer" role="status" aria-labelledby={textId}>
      <p id={textId}>
        {`Ada isian yang belum tersimpan dari ${draftTimeText(draft.savedAt)}. Pulihkan?`}
        {draftFilesText(draft)}
      </p>
      <div style={{ display: "flex", flexWrap: "wrap", gap: "0.5rem", marginTop: "0.5rem" }}>
        <button type="button" className="kit-button kit-button-primary" onClick={onRestore}>
          Pulihkan
        </button>
        <button type="button" className="kit-button kit-button-secondary" onClick={onDiscard}>
          Buang
        </button>
      </div>
    </div>
  );
}

interface KeptDraftsProps {
  settings: FormDraftSettings;
  /** The menu's name of a screen, by its id. */
  screenName(screen: string): string | undefined;
}

/**
 * In the admin layout: the account's drafts of forms that are not open here, each with a link to
 * its form (which then offers it). Read from the browser's storage after each navigation.
 */
export function KeptDrafts({ settings, screenName }: KeptDraftsProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [kept, setKept] = useState<Array<{ key: DraftKey; draft: FormDraft }>>([]);
  useEffect(() => {
    const read = () => setKept(listDrafts(settings.owner, { maxAgeMs: settings.maxAgeMs }).filter(({ draft }) => draft.href && draft.href !== here));
    read();
    // A form just saved drops its draft a moment after this navigation (useFormDraft): read again then.
    window.addEventListener(DRAFT_DROPPED, read);
    return () => window.removeEventListener(DRAFT_DROPPED, read);
  }, [settings.owner, settings.maxAgeMs, here]);
  if (kept.length === 0) return null;
  return (
    <div className="kit-unresolved kit-kept-drafts" role="status">
      <ul style={{ margin: 0, paddingLeft: "1.1rem" }}>
        {kept.map(({ key, draft }) => (
          <li key={`${key.screen}:${key.record}`}>
            {`Ada isian yang belum tersimpan di ${screenName(key.screen) ?? key.screen}${key.record === "add" ? " (data baru)" : ""} dari ${draftTimeText(draft.savedAt)}. `}
            <Link to={draft.href ?? "/admin"}>Buka formulirnya</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
