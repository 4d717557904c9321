import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { Fragment, useMemo, useRef, useState, type ReactNode } from "react";
import type * as z from "zod";
import type { DuplicateWarning } from "~/admin-kit/duplicates";
import { SHOWN_FIELD, type EditConflict } from "~/admin-kit/edit-conflicts";
import { legacyValues, schemaKeepingLegacy } from "~/admin-kit/legacy-values";
import { encodeUnresolved, schemaAllowingUnresolved, shownRelations, UNRESOLVED_FIELD } from "~/admin-kit/relations";
import { pickerFields, type FormChoices } from "~/admin-kit/pickers";
import { uploadProgressPath } from "~/admin-kit/routes";
import type { Cells, FieldDefinition, FieldOption, FormValues, ScreenDefinition, ScreenRow } from "~/admin-kit/screen";
import { isSubmissionId, newSubmissionId, SUBMISSION_FIELD } from "~/admin-kit/submissions";
import type { FormDraft } from "~/lib/form-drafts";
import { useHydrated } from "~/lib/hydrated";
import { UNSAVED_CHANGED_ATTRIBUTE, useUnsavedChanges } from "~/lib/unsaved-changes";
import { ConflictChoice, ConflictNotice } from "./ConflictChoice";
import { DuplicateNotice } from "./DuplicateNotice";
import { FormField } from "./FormField";
import { FILE_CHECKED_EVENT, isBeingChecked } from "./FieldInputs";
import { LoadingIndicator } from "./LoadingIndicator";
import { UnsavedChangesDialog } from "./UnsavedChangesDialog";
import { formHasFilesToUpload, UPLOAD_CANCELLED, UploadProgress, useUploadWithProgress } from "./UploadProgress";
import { useFormDraft } from "./useFormDraft";

interface ResourceFormProps<C extends Cells, S extends z.ZodObject> {
  definition: ScreenDefinition<C, S>;
  /** Absent for a new record. */
  row?: ScreenRow<C>;
  submitLabel: string;
  /** What the pickers offer, and the edit form's relations matched against their lists (app/admin-kit/pickers.ts). */
  choices?: FormChoices;
  /** By file field: the largest file the server takes, in bytes. */
  fileLimits?: Record<string, number>;
  /** The server's answer to this form's last submission (values and errors). */
  lastResult?: SubmissionResult<string[]>;
  /** The same answer's word: an edit's values and the fields also changed elsewhere; the records the save would duplicate. */
  answered?: { shown?: string; conflict?: EditConflict; duplicates?: DuplicateWarning };
  submitting: boolean;
  /** The loader's one-time id for the form, as the server draws it (app/admin-kit/submissions.ts). */
  submission?: string;
}

/**
 * A resource's add or edit form, built from its field definitions and checked with its schema:
 * in the browser on leaving a field (conform), on the server always. Hidden fields and text
 * fields come first and file fields last, because the server validates everything before the
 * first file and only then starts streaming to the upstream. With JavaScript, leaving it with
 * unsaved changes asks first.
 *
 * With JavaScript it also keeps a draft (app/lib/form-drafts.ts): what it sends is saved in the
 * browser as it is sent, and dropped once the form closes (saved, or left on purpose). A save
 * whose answer ends the session (the upstream refused the token) leaves the page without closing
 * the form, so the draft stays; the same form offers it after the next login of the same account,
 * with its files' uploads (reused when finished, resumed when not). A restored draft redraws the
 * form with its values (rich text and pickers too).
 */
export function ResourceForm<C extends Cells, S extends z.ZodObject>(props: ResourceFormProps<C, S>) {
  const { definition, row } = props;
  const { restored, offer, onSend, uploads, keptTexts } = useFormDraft(definition, row);
  const upload = useUploadWithProgress({ screen: definition.id, action: definition.uploadProgress ? uploadProgressPath(definition.id) : undefined, draft: uploads });
  const answered = upload.answer ?? props.answered;

  return (
    <FormBody
      // A restored draft draws the form anew, its values as the starting ones; so does a conflict's answer.
      key={`${restored?.times ?? 0}${upload.answer?.conflict ? `-${upload.answer.conflict.shown}` : ""}`}
      {...props}
      upload={upload}
      lastResult={upload.answer?.result ?? props.lastResult}
      shownValues={restored?.draft.values[SHOWN_FIELD]?.[0] ?? answered?.shown ?? row?.shown}
      conflict={answered?.conflict}
      duplicates={answered?.duplicates}
      restored={restored?.draft}
      offer={offer}
      onSend={onSend}
      keptTexts={keptTexts}
    />
  );
}

/** A draft's values as the form's starting values: one value per field, a list for pills. */
function draftValues(draft: FormDraft, fields: readonly FieldDefinition[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const kept = draft.values[field.name];
    if (field.type === "file" || kept === undefined) continue;
    values[field.name] = field.type === "pills" ? kept : (kept[0] ?? "");
  }
  return values;
}

/** A picker's options with the draft's chosen ones first, so that it can show them before any search. */
function withDraftOptions(offered: readonly FieldOption[] | undefined, labels: Record<string, string> | undefined): readonly FieldOption[] | undefined {
  if (!labels) return offered;
  const known = new Set((offered ?? []).map((option) => option.value));
  const kept = Object.entries(labels)
    .filter(([value]) => !known.has(value))
    .map(([value, label]) => ({ value, label }));
  return kept.length > 0 ? [...kept, ...(offered ?? [])] : offered;
}

interface FormBodyProps<C extends Cells, S extends z.ZodObject> extends Omit<ResourceFormProps<C, S>, "answered"> {
  upload: ReturnType<typeof useUploadWithProgress>;
  /** What the form's values are as stored (an edit's `SHOWN_FIELD`), as the form opens. */
  shownValues: string | undefined;
  /** Fields changed both here and elsewhere: the admin chooses which value is saved. */
  conflict: EditConflict | undefined;
  /** Stored records the save would duplicate: saved only by "Simpan tetap". */
  duplicates: DuplicateWarning | undefined;
  /** A draft taken back: the form starts from its values. */
  restored?: FormDraft;
  /** The draft's offer, shown above the fields. */
  offer: ReactNode;
  /** The form is being sent (it passed the browser's checks). */
  onSend(form: HTMLFormElement): void;
  /** By file field: what the form says of a restored draft's upload. */
  keptTexts: Record<string, string>;
}

/** A form control's name, and whether it holds something (typed text, a chosen file's name). */
function controlOf(target: EventTarget): { name?: string; holds: boolean } {
  const { name, value } = target as Partial<HTMLInputElement>;
  return { name, holds: String(value ?? "").trim() !== "" };
}

function FormBody<C extends Cells, S extends z.ZodObject>({
  definition,
  row,
  submitLabel,
  choices,
  fileLimits,
  lastResult,
  submitting,
  upload,
  shownValues,
  conflict,
  duplicates,
  restored,
  offer,
  onSend,
  keptTexts,
  submission,
}: FormBodyProps<C, S>) {
  const intent = row ? "update" : "create";
  // Fixed as the form opens: it goes with the values the form starts from, whatever the loader reads later.
  const [shownAtOpen] = useState(shownValues);
  // One per form drawn, kept while it stays open: a form sent back keeps its own; one opened in the
  // browser makes its own; the server's (and the hydration of it) draws the loader's.
  const hydrated = useHydrated();
  const [submissionId] = useState(() => {
    const echoed = lastResult?.initialValue?.[SUBMISSION_FIELD];
    return isSubmissionId(echoed) ? echoed : hydrated ? newSubmissionId() : submission;
  });
  const conflicts = new Map(conflict?.fields.map((field) => [field.name, field]));
  // Stored relations (a book's author, genres...) preselected where the server matched them; a
  // field the form cannot show in full may stay empty, and is then left as it is stored.
  // Stored values today's rules refuse (an imported ISBN's check digit) stand while left as shown (app/admin-kit/legacy-values.ts).
  const { relations, unresolved, legacy, schema } = useMemo(() => {
    const resolved = row ? shownRelations(row, choices, definition.fields) : undefined;
    const missing = resolved?.unresolved ?? {};
    const kept = legacyValues(definition.schema, definition.fields, row?.values);
    return {
      relations: resolved?.values,
      unresolved: missing,
      legacy: kept,
      schema: schemaKeepingLegacy(schemaAllowingUnresolved(definition.schema, Object.keys(missing)), kept),
    };
  }, [row, choices, definition]);
  const stored: FormValues | undefined = row ? { ...row.values, ...relations } : undefined;
  const defaultValue: FormValues | undefined = restored ? { ...stored, ...draftValues(restored, definition.fields) } : stored;
  const strictConstraint = getZodConstraint(definition.schema);
  const [form, fields] = useForm({
    id: `${definition.id}-${row ? `edit-${row.id}` : "add"}`,
    lastResult,
    defaultValue,
    // Not the legacy fields' either-or: their own constraints (required) still show.
    constraint: getZodConstraint(schemaAllowingUnresolved(definition.schema, Object.keys(unresolved))),
    // Judged at the save; a field also on leaving it once it holds (or held) something, below:
    // tabbing through an empty form says nothing yet. Once judged, as the admin types.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const shown = definition.fields.filter((field) => row || !field.updateOnly);
  const ordered = [...shown.filter((field) => field.type !== "file"), ...shown.filter((field) => field.type === "file")];
  const hasFiles = ordered.some((field) => field.type === "file");
  const formProps = getFormProps(form);
  const busy = submitting || upload.progress !== null;
  const formElement = useRef<HTMLFormElement>(null);
  /** The fields that held something at some point: judged on leaving them, even emptied since. */
  const filled = useRef(new Set<string>());
  const unsaved = useUnsavedChanges(formElement, { sending: upload.progress !== null, unfinished: upload.unfinished });

  return (
    <Form
      ref={formElement}
      method="post"
      encType={hasFiles ? "multipart/form-data" : undefined}
      preventScrollReset
      className="kit-form"
      {...formProps}
      onInput={(event) => {
        const { name, holds } = controlOf(event.target);
        if (name && holds) filled.current.add(name);
      }}
      onBlur={(event) => {
        const { name, holds } = controlOf(event.target);
        const judged = name && definition.fields.some((field) => field.name === name);
        if (judged && (holds || filled.current.has(name))) form.validate({ name });
      }}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        const fileInputs = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="file"]')];
        // A file still being read (a save clicked right after choosing it, on a slow PC): the save
        // waits for its check and goes on by itself once the file is accepted.
        const checking = fileInputs.find(isBeingChecked);
        if (checking && !event.defaultPrevented) {
          event.preventDefault();
          saveWhenChecked(event.currentTarget, checking, (event.nativeEvent as SubmitEvent).submitter);
          return;
        }
        // A chosen file the browser refused holds the form back: nothing is sent.
        const refusedFile = fileInputs.find((input) => !input.validity.valid);
        if (refusedFile && !event.defaultPrevented) {
          event.preventDefault();
          refusedFile.focus();
        }
        if (!event.defaultPrevented) {
          unsaved.markSubmitted();
          onSend(event.currentTarget);
        }
        // Checked and valid, with files chosen: they go ahead as resumable uploads, with their progress shown.
        if (!event.defaultPrevented && formHasFilesToUpload(event.currentTarget, upload.draft)) {
          event.preventDefault();
          void upload.start(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
        }
      }}
    >
      {/* Enter in a field saves: a picker's "Cari" or "Simpan tetap" would otherwise be the first button, the one Enter presses. */}
      {pickerFields(definition.fields).length > 0 || duplicates ? (
        <button type="submit" hidden tabIndex={-1}>
          {submitLabel}
        </button>
      ) : null}
      <input type="hidden" name="intent" value={intent} />
      {row ? <input type="hidden" name="id" value={row.id} /> : null}
      {submissionId ? <input type="hidden" name={SUBMISSION_FIELD} value={submissionId} /> : null}
      {row && shownAtOpen ? <input type="hidden" name={SHOWN_FIELD} value={shownAtOpen} /> : null}
      {Object.keys(unresolved).length > 0 ? <input type="hidden" name={UNRESOLVED_FIELD} value={encodeUnresolved(unresolved)} /> : null}
      {upload.answer?.alert ? (
        <p className="form-error" role="alert">
          {upload.answer.alert.message}
        </p>
      ) : null}
      {conflict ? (
        <ConflictNotice />
      ) : form.errors?.length ? (
        <p className="form-error" role="alert" id={form.errorId}>
          {form.errors[0]}
        </p>
      ) : null}
      {duplicates ? <DuplicateNotice screen={definition.id} warning={duplicates} /> : null}
      {offer}
      {/* A draft taken back is not what is stored: leaving the form asks first. */}
      {restored ? <input type="hidden" {...{ [UNSAVED_CHANGED_ATTRIBUTE]: "true" }} /> : null}
      <div className="kit-form-fields">
        {ordered.map((definitionField) => {
          const field = fields[definitionField.name as keyof typeof fields];
          const initial = field.initialValue;
          const offered = withDraftOptions(choices?.offered[definitionField.name], definitionField.optionsFrom ? restored?.labels[definitionField.name] : undefined);
          const conflicting = conflicts.get(definitionField.name);
          return (
            <Fragment key={field.key ?? field.id}>
              <FormField
                definition={offered ? { ...definitionField, options: offered } : definitionField}
                id={field.id}
                form={form.id}
                required={field.required}
                defaultValue={typeof initial === "string" || Array.isArray(initial) ? (initial as string | string[]) : undefined}
                errors={field.errors}
                errorId={field.errorId}
                currentFileUrl={definitionField.type === "file" ? (row?.files[definitionField.name] ?? null) : undefined}
                unresolved={
                  unresolved[definitionField.name]
                    ? { missing: unresolved[definitionField.name].missing, clearable: !strictConstraint[definitionField.name]?.required }
                    : undefined
                }
                legacy={definitionField.name in legacy}
                maxBytes={fileLimits?.[definitionField.name]}
                picker={
                  offered
                    ? { total: choices?.total[definitionField.name] ?? offered.length, search: choices?.searches[definitionField.name], addable: choices?.addable?.[definitionField.name] }
                    : undefined
                }
              />
              {conflicting ? <ConflictChoice field={conflicting} /> : null}
              {keptTexts[definitionField.name] ? (
                <p className="kit-unresolved kit-kept-upload" role="status">
                  {keptTexts[definitionField.name]}
                </p>
              ) : null}
            </Fragment>
          );
        })}
      </div>
      <div className="kit-form-actions">
        {upload.progress ? <UploadProgress progress={upload.progress} onCancel={upload.cancel} /> : null}
        {upload.cancelled ? (
          <p className="kit-upload-cancelled" role="status">
            {UPLOAD_CANCELLED}
          </p>
        ) : null}
        <button type="submit" className="kit-button kit-button-primary" disabled={busy} aria-disabled={busy}>
          {busy ? <LoadingIndicator label="Menyimpan..." /> : null}
          {submitLabel}
        </button>
      </div>
      {/* Drawn in a portal on document.body, outside the form's elements. */}
      <UnsavedChangesDialog blocker={unsaved.blocker} uploading={upload.unfinished} />
    </Form>
  );
}

/** Forms whose save waits for a file's check: a second click meanwhile asks nothing more. */
const savesWaiting = new WeakSet<HTMLFormElement>();

/** Submits `form` again (as `submitter` did) once `input`'s file is checked, if it was accepted; else the focus goes to it. */
function saveWhenChecked(form: HTMLFormElement, input: HTMLInputElement, submitter: HTMLElement | null) {
  if (savesWaiting.has(form)) return;
  savesWaiting.add(form);
  input.addEventListener(
    FILE_CHECKED_EVENT,
    () => {
      savesWaiting.delete(form);
      if (input.validity.valid) form.requestSubmit(submitter ?? undefined);
      else input.focus();
    },
    { once: true },
  );
}
