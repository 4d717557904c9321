import { useState } from "react";
import { LEGACY_VALUE_NOTE } from "~/admin-kit/legacy-values";
import { CLEAR_FIELD } from "~/admin-kit/relations";
import type { FieldDefinition, FileAccept } from "~/admin-kit/screen";
import { Icon } from "~/components/Icon";
import { RelationPicker } from "./RelationPicker";
import { DateInput } from "./DateInput";
import { ImageInput, NumberInput } from "./FieldInputs";
import { RichTextEditor } from "./RichTextEditor";
import { DATE_FORMAT_HINT } from "~/lib/format";
import { useHydrated } from "~/lib/hydrated";
import { useStillUnderPointer } from "~/lib/pointer-settled";

/**
 * One form field of any type in spec §3, with a visible, associated label, its hint and its
 * errors next to it. Every type is a real form control, so a form posts without JavaScript;
 * JavaScript adds the rich-text editor, number formatting as you leave the field, the
 * preview of a chosen image, and typeahead to the pickers of long lists (RelationPicker).
 */

export interface FormFieldProps {
  definition: FieldDefinition;
  /** The control's id; the label points at it. */
  id: string;
  /** The form the control belongs to. */
  form?: string;
  required?: boolean;
  defaultValue?: string | string[];
  errors?: string[];
  errorId: string;
  /** File fields: the file stored now (edit forms), as a URL. */
  currentFileUrl?: string | null;
  /** A relation field whose stored choices the form cannot show: named, and clearable only on purpose. */
  unresolved?: { missing: string[]; clearable: boolean };
  /** A picker field (`optionsFrom`): how many options its list has, and the search its options answer. */
  picker?: { total: number; search?: string; addable?: boolean };
  /** File fields: the largest file the server takes, in bytes. */
  maxBytes?: number;
  /** The stored value fails today's rule: kept as it is unless the admin changes it (app/admin-kit/legacy-values.ts). */
  legacy?: boolean;
}

/** What each kind lets a file picker offer (the server still checks the bytes), and how the hint names it. */
const FILE_KINDS: Record<FileAccept, { types: string; formats: string; keep: string }> = {
  image: {
    types: "image/jpeg,image/png,image/webp,image/gif",
    formats: "Format JPEG, PNG, WebP, atau GIF.",
    keep: "Biarkan kosong untuk mempertahankan gambar saat ini.",
  },
  book: {
    types: "application/pdf,application/epub+zip,.pdf,.epub",
    formats: "Format PDF atau EPUB.",
    keep: "Biarkan kosong untuk mempertahankan berkas saat ini.",
  },
  video: {
    types: "video/mp4,video/webm,video/quicktime,.mp4,.m4v,.webm,.mov",
    formats: "Format MP4, WebM, atau QuickTime.",
    keep: "Biarkan kosong untuk mempertahankan video saat ini.",
  },
};
const DEFAULT_TEXTAREA_HEIGHT = "150px";

function single(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
}

export function FormField({
  definition,
  id,
  form,
  required,
  defaultValue,
  errors: latestErrors,
  errorId,
  currentFileUrl,
  unresolved,
  picker,
  maxBytes,
  legacy,
}: FormFieldProps) {
  const hydrated = useHydrated();
  // A chosen file the browser refused (its type or size) is this field's error until another is chosen.
  const [fileRefusal, setFileRefusal] = useState<string>();
  const checkedErrors = useStillUnderPointer(latestErrors);
  const errors = fileRefusal ? [fileRefusal] : checkedErrors;
  const { name, label, type, icon, className, disabled } = definition;
  // A date field says how it reads a date: whatever the browser's language, day first.
  const hint = definition.hint ?? (type === "date" ? `Tulis ${DATE_FORMAT_HINT}.` : undefined);
  const hintId = `${id}-hint`;
  const unresolvedId = `${id}-unresolved`;
  const legacyId = `${id}-legacy`;
  const invalid = Boolean(errors?.length);
  const describedBy =
    [hint || type === "file" ? hintId : undefined, unresolved ? unresolvedId : undefined, legacy ? legacyId : undefined, invalid ? errorId : undefined]
      .filter(Boolean)
      .join(" ") || undefined;
  const unresolvedNote = unresolved ? (
    <UnresolvedNote id={unresolvedId} label={label} field={name} form={form} multiple={type === "pills"} {...unresolved} />
  ) : null;
  const common = {
    id,
    name,
    form,
    disabled,
    required,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy,
  };
  const labelId = `${id}-label`;
  const labelText = (
    <>
      {icon ? <Icon name={icon} size={16} className="kit-icon" /> : null}
      {label}
      {required ? (
        <span className="kit-required" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </>
  );

  const { optionsFrom } = definition;
  if (optionsFrom) {
    const chosen = Array.isArray(defaultValue) ? defaultValue : defaultValue ? [defaultValue] : [];
    return (
      <RelationPicker
        definition={{ ...definition, optionsFrom }}
        id={id}
        form={form}
        required={required}
        disabled={disabled}
        chosen={chosen}
        offered={definition.options ?? []}
        total={picker?.total ?? definition.options?.length ?? 0}
        search={picker?.search}
        addable={picker?.addable}
        hydrated={hydrated}
        invalid={invalid}
        describedBy={describedBy}
        labelText={labelText}
        notes={
          <>
            {unresolvedNote}
            <FieldNotes hint={hint} hintId={hintId} errors={errors} errorId={errorId} legacyId={legacy ? legacyId : undefined} />
          </>
        }
      />
    );
  }

  let control;
  switch (type) {
    case "textarea":
      control = (
        // Line breaks as the page's HTML will have them (its parser turns CRLF into LF): a stored CRLF
        // otherwise differs from the hydrated textarea, and React's later writes of it break a fill.
        <textarea {...common} defaultValue={single(defaultValue).replace(/\r\n?/g, "\n")} style={{ height: definition.textareaHeight ?? DEFAULT_TEXTAREA_HEIGHT }} />
      );
      break;
    case "select":
      control = (
        <select {...common} defaultValue={single(defaultValue)}>
          <option value="">Pilih {label.toLowerCase()}</option>
          {definition.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    case "pills": {
      const chosen = new Set(Array.isArray(defaultValue) ? defaultValue : defaultValue ? [defaultValue] : []);
      return (
        <fieldset className={["kit-field", "kit-pills", className].filter(Boolean).join(" ")} aria-describedby={describedBy} id={id}>
          <legend>{labelText}</legend>
          <div className="kit-pill-list">
            {definition.options?.map((option) => (
              <label key={option.value} className="kit-pill">
                <input type="checkbox" name={name} form={form} value={option.value} defaultChecked={chosen.has(option.value)} disabled={disabled} />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
          {unresolvedNote}
          <FieldNotes hint={hint} hintId={hintId} errors={errors} errorId={errorId} legacyId={legacy ? legacyId : undefined} />
        </fieldset>
      );
    }
    case "date":
      control = <DateInput {...common} defaultValue={single(defaultValue)} hydrated={hydrated} legacy={legacy} />;
      break;
    case "number":
      control = <NumberInput {...common} defaultValue={single(defaultValue)} />;
      break;
    case "file":
      control = (
        <ImageInput
          {...common}
          currentFileUrl={currentFileUrl}
          hydrated={hydrated}
          accept={definition.accept ? FILE_KINDS[definition.accept].types : undefined}
          isImage={definition.accept === "image"}
          check={definition.accept ? { kind: definition.accept, maxBytes, onChecked: setFileRefusal } : undefined}
        />
      );
      break;
    case "textEditor":
      control = (
        <RichTextEditor
          {...common}
          name={name}
          labelId={labelId}
          defaultValue={single(defaultValue)}
          height={definition.textareaHeight ?? DEFAULT_TEXTAREA_HEIGHT}
        />
      );
      break;
    default:
      control = <input {...common} type={definition.inputType ?? "text"} defaultValue={single(defaultValue)} />;
  }

  const fileKind = FILE_KINDS[definition.accept ?? "image"];
  const fileHint =
    type === "file" ? [hint, currentFileUrl ? fileKind.keep : undefined, fileKind.formats].filter(Boolean).join(" ") : hint;

  return (
    <div className={["kit-field", `kit-field-${type}`, className].filter(Boolean).join(" ")}>
      {/* A rich-text editor in the browser is not a labelable element: it is named by aria-labelledby. */}
      <label id={labelId} htmlFor={type === "textEditor" && hydrated ? undefined : id}>
        {labelText}
      </label>
      {control}
      {unresolvedNote}
      <FieldNotes hint={fileHint} hintId={hintId} errors={errors} errorId={errorId} legacyId={legacy ? legacyId : undefined} />
    </div>
  );
}

interface UnresolvedNoteProps {
  id: string;
  label: string;
  field: string;
  form?: string;
  multiple: boolean;
  missing: string[];
  clearable: boolean;
}

/**
 * Says which stored choices the form could not show (the upstream named them, but no choice
 * matches), and that they stay as they are unless the admin changes the field; clearing them
 * all is a choice of its own.
 */
function UnresolvedNote({ id, label, field, form, multiple, missing, clearable }: UnresolvedNoteProps) {
  const named = label.toLocaleLowerCase("id-ID");
  return (
    <div className="kit-unresolved" id={id}>
      <p>
        {`${label} tersimpan yang tidak dapat ditampilkan: ${missing.join(", ")}. Isian ini tidak diubah kecuali Anda mengubah pilihannya.`}
        {/* Pills: a change sends the whole list, without what the form could not show (issue: a genre lost when another was ticked). */}
        {multiple ? ` Bila pilihannya diubah, ${missing.length > 1 ? "semuanya" : "yang ini"} terhapus kecuali Anda mencentangnya juga.` : null}
      </p>
      {clearable ? (
        <label className="kit-unresolved-clear">
          <input type="checkbox" name={CLEAR_FIELD} value={field} form={form} />
          {multiple ? `Kosongkan semua ${named}` : `Kosongkan ${named}`}
        </label>
      ) : null}
    </div>
  );
}

function FieldNotes({ hint, hintId, errors, errorId, legacyId }: { hint?: string; hintId: string; errors?: string[]; errorId: string; legacyId?: string }) {
  return (
    <>
      {legacyId ? (
        <p className="kit-legacy" id={legacyId}>
          {LEGACY_VALUE_NOTE}
        </p>
      ) : null}
      {hint ? (
        <p className="kit-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p className="field-error" id={errorId}>
          {errors[0]}
        </p>
      ) : null}
    </>
  );
}
