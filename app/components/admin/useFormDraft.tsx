import { useEffect, useMemo, useState, type ReactNode } from "react";
import { SHOWN_FIELD } from "~/admin-kit/edit-conflicts";
import type { Cells, FieldDefinition, ScreenRow } from "~/admin-kit/screen";
import { clearDraft, draftOf, readDraft, saveDraft, updateDraftFile, type DraftKey, type FormDraft } from "~/lib/form-drafts";
import { DraftOffer, useFormDraftSettings } from "./DraftOffer";
import type { KeptUpload, UploadDraft } from "./kept-uploads";

/** What ResourceForm draws from its draft. */
interface FormDraftState {
  /** The draft taken back, and how many times one was: each time draws the form anew from it. */
  restored: { draft: FormDraft; times: number } | null;
  /** The draft's offer, shown above the fields. */
  offer: ReactNode;
  /** The form is being sent (it passed the browser's checks): what it sends becomes the draft. */
  onSend(form: HTMLFormElement): void;
  /** The draft's uploads, for the form's save (kept ones reused or resumed; progress noted). */
  uploads: UploadDraft | undefined;
  /** By file field: what the form says of its kept upload. */
  keptTexts: Record<string, string>;
}

/** The drafts' file handles (IndexedDB), loaded when first needed: most forms never hold one. */
const fileHandles = () => import("~/lib/file-handles");

/** Drops a draft and its files' handles. */
function dropDraft(key: DraftKey) {
  clearDraft(key);
  void fileHandles().then(({ dropFileHandles }) => dropFileHandles(key.owner, key));
}

/** Where a restored draft's uploads stand on the site, asked once it is restored. */
function useKeptUploads(draft: FormDraft | undefined): Record<string, KeptUpload> {
  const [kept, setKept] = useState<Record<string, KeptUpload>>({});
  useEffect(() => {
    const files = Object.entries(draft?.files ?? {});
    setKept(Object.fromEntries(files.map(([field, file]) => [field, { file, state: "checking", offset: file.offset }])));
    let current = true;
    void import("./kept-uploads").then(({ checkKeptUpload, keptUploadText }) => {
      for (const [field, file] of files) {
        void checkKeptUpload(file).then((checked) => {
          if (current) setKept((before) => ({ ...before, [field]: { ...checked, text: keptUploadText(checked, file.handle === true) } }));
        });
      }
    });
    return () => {
      current = false;
    };
  }, [draft]);
  return kept;
}

/**
 * ResourceForm's draft (app/lib/form-drafts.ts): offered once hydrated, saved as the form is sent,
 * dropped once it closes; none without the admin layout's draft settings.
 */
export function useFormDraft<C extends Cells>(definition: { id: string; fields: readonly FieldDefinition[] }, row: ScreenRow<C> | undefined): FormDraftState {
  const settings = useFormDraftSettings();
  const owner = settings?.owner;
  const maxAgeMs = settings?.maxAgeMs;
  const record = row ? row.id : "add";
  const draftKey = useMemo<DraftKey | undefined>(() => (owner ? { owner, screen: definition.id, record } : undefined), [owner, definition.id, record]);
  const formId = draftKey ? `${draftKey.owner}\n${draftKey.screen}\n${draftKey.record}` : undefined;
  // The same form drawn anew (the book form, once its pickers' choices came) keeps a draft taken back.
  const [restored, setRestored] = useState<{ draft: FormDraft; times: number } | null>(() => {
    const kept = formId ? openForms.get(formId)?.restored : undefined;
    return kept ? { draft: kept, times: 1 } : null;
  });
  const [offered, setOffered] = useState<FormDraft | null>(null);
  const kept = useKeptUploads(restored?.draft);
  const uploads = useMemo<UploadDraft | undefined>(
    () =>
      draftKey && {
        kept,
        fileOf: (field) => fileHandles().then(({ fileFromHandle }) => fileFromHandle(draftKey, field, { ask: true })),
        note: (field, update) => updateDraftFile(draftKey, field, update),
      },
    [draftKey, kept],
  );

  // Read after hydration: the server knows nothing of drafts.
  useEffect(() => {
    const taken = formId ? openForms.get(formId)?.restored : undefined;
    setOffered(draftKey && maxAgeMs !== undefined && !taken ? readDraft(draftKey, { maxAgeMs }) : null);
  }, [draftKey, formId, maxAgeMs]);
  useEffect(() => {
    if (!formId || !draftKey) return;
    const open = openForms.get(formId) ?? { mounted: 0, owned: false };
    open.mounted += 1;
    openForms.set(formId, open);
    return () => {
      open.mounted -= 1;
      // Closed (saved, or left on purpose) while this page lives: the draft has done its work. A
      // form drawn anew mounts again in the same commit, so closing is judged a moment later; a
      // page left as a whole (the answer that ended the session loads `/` as a new document)
      // closes nothing, and the draft stays.
      setTimeout(() => {
        if (open.mounted > 0 || openForms.get(formId) !== open) return;
        openForms.delete(formId);
        if (open.owned) dropDraft(draftKey);
      }, 0);
    };
  }, [formId, draftKey]);

  const offer =
    offered && draftKey && formId ? (
      <DraftOffer
        draft={offered}
        onRestore={() => {
          const open = openForms.get(formId);
          if (open) Object.assign(open, { owned: true, restored: offered });
          setRestored((current) => ({ draft: offered, times: (current?.times ?? 0) + 1 }));
          setOffered(null);
        }}
        onDiscard={() => {
          dropDraft(draftKey);
          setOffered(null);
        }}
      />
    ) : null;

  const keptTexts = Object.fromEntries(Object.entries(kept).flatMap(([field, upload]) => (upload.text ? [[field, upload.text]] : [])));

  return {
    restored,
    offer,
    uploads,
    keptTexts,
    onSend(form) {
      setOffered(null);
      const open = formId ? openForms.get(formId) : undefined;
      if (!draftKey || !open) return;
      open.owned = true;
      const fields = definition.fields.filter((field) => row || !field.updateOnly).map((field) => field.name);
      // An edit's draft keeps what the form showed: taken back, it is merged as that form would have been.
      if (row) fields.push(SHOWN_FIELD);
      const content = draftOf(form, fields, `${window.location.pathname}${window.location.search}`);
      // A kept upload stays the draft's while no other file is chosen for its field.
      const files = { ...Object.fromEntries(Object.entries(kept).map(([field, upload]) => [field, upload.file])), ...content.files };
      saveDraft(draftKey, { ...content, files, hadFiles: Object.keys(files).length > 0 });
      // A file chosen through the picker or dropped: its handle is kept, to read it again after the tab is closed.
      const chosen = [...form.querySelectorAll<HTMLInputElement>('input[type="file"]')].flatMap((input) => (input.files?.[0] ? [{ field: input.name, file: input.files[0] }] : []));
      if (chosen.length > 0) {
        void fileHandles().then(async ({ chosenHandleOf, keepFileHandle }) => {
          for (const { field, file } of chosen) {
            const handle = chosenHandleOf(file);
            if (handle && (await keepFileHandle(draftKey, field, handle))) updateDraftFile(draftKey, field, { handle: true });
          }
        });
      }
    },
  };
}

/**
 * The forms open on this page, by draft (owner, screen, record): how many are drawn (a form drawn
 * anew mounts before the old one's unmount is judged), whether one saved or took back the draft
 * (its closing then drops it), and the draft taken back.
 */
const openForms = new Map<string, { mounted: number; owned: boolean; restored?: FormDraft }>();
