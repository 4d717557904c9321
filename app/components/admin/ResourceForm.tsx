import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useMemo, useRef } from "react";
import type * as z from "zod";
import { encodeUnresolved, schemaAllowingUnresolved, shownRelations, UNRESOLVED_FIELD } from "~/admin/relations";
import { pickerFields, type FormChoices } from "~/admin/pickers";
import type { Cells, FormValues, ResourceDefinition, ScreenRow } from "~/admin/resource";
import { useUnsavedChanges } from "~/lib/unsaved-changes";
import { FormField } from "./FormField";
import { LoadingIndicator } from "./LoadingIndicator";
import { UnsavedChangesDialog } from "./UnsavedChangesDialog";
import { formHasChosenFiles, UPLOAD_CANCELLED, UploadProgress, useUploadWithProgress } from "./UploadProgress";

interface ResourceFormProps<C extends Cells, S extends z.ZodObject> {
  definition: ResourceDefinition<C, S>;
  /** Absent for a new record. */
  row?: ScreenRow<C>;
  submitLabel: string;
  /** What the pickers offer, and the edit form's relations matched against their lists (app/admin/pickers.ts). */
  choices?: FormChoices;
  /** By file field: the largest file the server takes, in bytes. */
  fileLimits?: Record<string, number>;
  /** The server's answer to this form's last submission (values and errors). */
  lastResult?: SubmissionResult<string[]>;
  submitting: boolean;
}

/**
 * A resource's add or edit form, built from its field definitions and checked with its schema:
 * in the browser on leaving a field (conform), on the server always. Hidden fields and text
 * fields come first and file fields last, because the server validates everything before the
 * first file and only then starts streaming to the upstream. With JavaScript, leaving it with
 * unsaved changes asks first.
 */
export function ResourceForm<C extends Cells, S extends z.ZodObject>({
  definition,
  row,
  submitLabel,
  choices,
  fileLimits,
  lastResult,
  submitting,
}: ResourceFormProps<C, S>) {
  const intent = row ? "update" : "create";
  const upload = useUploadWithProgress({ screen: definition.id, action: definition.uploadProgressAction });
  // Stored relations (a book's author, genres...) preselected where the server matched them; a
  // field the form cannot show in full may stay empty, and is then left as it is stored.
  const { relations, unresolved, schema } = useMemo(() => {
    const resolved = row ? shownRelations(row, choices, definition.fields) : undefined;
    const missing = resolved?.unresolved ?? {};
    return { relations: resolved?.values, unresolved: missing, schema: schemaAllowingUnresolved(definition.schema, Object.keys(missing)) };
  }, [row, choices, definition]);
  const defaultValue: FormValues | undefined = row ? { ...row.values, ...relations } : undefined;
  const strictConstraint = getZodConstraint(definition.schema);
  const [form, fields] = useForm({
    id: `${definition.id}-${row ? `edit-${row.id}` : "add"}`,
    lastResult: upload.answer?.result ?? lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const shown = definition.fields.filter((field) => row || !field.updateOnly);
  const ordered = [...shown.filter((field) => field.type !== "file"), ...shown.filter((field) => field.type === "file")];
  const hasFiles = ordered.some((field) => field.type === "file");
  const formProps = getFormProps(form);
  const busy = submitting || upload.progress !== null;
  const formElement = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(formElement, { sending: upload.progress !== null, unfinished: upload.unfinished });

  return (
    <Form
      ref={formElement}
      method="post"
      encType={hasFiles ? "multipart/form-data" : undefined}
      preventScrollReset
      className="kit-form"
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        // A chosen file the browser refused (or is still reading) holds the form back: nothing is sent.
        const refusedFile = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="file"]')].find((input) => !input.validity.valid);
        if (refusedFile && !event.defaultPrevented) {
          event.preventDefault();
          refusedFile.focus();
        }
        if (!event.defaultPrevented) unsaved.markSubmitted();
        // Checked and valid, with files chosen: they go ahead as resumable uploads, with their progress shown.
        if (!event.defaultPrevented && formHasChosenFiles(event.currentTarget)) {
          event.preventDefault();
          void upload.start(event.currentTarget);
        }
      }}
    >
      {/* Enter in a field saves: without JavaScript a picker's "Cari" would otherwise be the first button, the one Enter presses. */}
      {pickerFields(definition.fields).length > 0 ? (
        <button type="submit" hidden tabIndex={-1}>
          {submitLabel}
        </button>
      ) : null}
      <input type="hidden" name="intent" value={intent} />
      {row ? <input type="hidden" name="id" value={row.id} /> : null}
      {Object.keys(unresolved).length > 0 ? <input type="hidden" name={UNRESOLVED_FIELD} value={encodeUnresolved(unresolved)} /> : null}
      {upload.answer?.alert ? (
        <p className="form-error" role="alert">
          {upload.answer.alert.message}
        </p>
      ) : null}
      {form.errors?.length ? (
        <p className="form-error" role="alert" id={form.errorId}>
          {form.errors[0]}
        </p>
      ) : null}
      <div className="kit-form-fields">
        {ordered.map((definitionField) => {
          const field = fields[definitionField.name as keyof typeof fields];
          const initial = field.initialValue;
          const offered = choices?.offered[definitionField.name];
          return (
            <FormField
              key={field.key ?? field.id}
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
              maxBytes={fileLimits?.[definitionField.name]}
              picker={offered ? { total: choices?.total[definitionField.name] ?? offered.length, search: choices?.searches[definitionField.name] } : undefined}
            />
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
