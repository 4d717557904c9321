import { lazy, Suspense, useRef, useState } from "react";
import { useHydrated } from "~/lib/hydrated";
import { UNSAVED_BASELINE_ATTRIBUTE } from "~/lib/unsaved-changes";

/** Quill touches `window` when imported: it is loaded only in the browser, in its own chunk. */
const QuillEditor = lazy(() => import("./QuillEditor.client"));

interface RichTextEditorProps {
  id: string;
  name: string;
  labelId: string;
  defaultValue: string;
  height: string;
  form?: string;
  disabled?: boolean;
  required?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/**
 * The textEditor field (spec §3). Without JavaScript it is a textarea holding the HTML (the
 * server sanitises whatever arrives); in the browser it becomes Quill, whose HTML travels in a
 * hidden input of the same name. Quill rewrites the starting HTML into its own form; until the
 * admin edits, the input sends the starting HTML as it was, so that a save changes only what the
 * admin changed (and the save's merge sees the field left alone). After an edit, Quill's
 * rewrite of the start, not the start itself, is what the unsaved-changes check compares with.
 */
export function RichTextEditor({ id, name, labelId, defaultValue, height, form, disabled, required, ...aria }: RichTextEditorProps) {
  const hydrated = useHydrated();
  const [html, setHtml] = useState(defaultValue);
  const [baseline, setBaseline] = useState(defaultValue);
  const [edited, setEdited] = useState(false);
  const editedByAdmin = useRef(false);

  if (!hydrated) {
    return (
      <textarea
        id={id}
        name={name}
        form={form}
        disabled={disabled}
        required={required}
        defaultValue={defaultValue}
        style={{ height }}
        className="kit-rich-text-fallback"
        {...aria}
      />
    );
  }
  return (
    <div className="kit-rich-text" style={{ ["--kit-editor-height" as string]: height }}>
      <input
        type="hidden"
        name={name}
        form={form}
        value={edited ? html : defaultValue}
        disabled={disabled}
        {...{ [UNSAVED_BASELINE_ATTRIBUTE]: edited ? baseline : defaultValue }}
      />
      <Suspense fallback={<div className="kit-rich-text-loading">Memuat editor...</div>}>
        <QuillEditor
          id={id}
          labelId={labelId}
          value={html}
          onChange={(next, source) => {
            setHtml(next);
            if (source === "user") {
              editedByAdmin.current = true;
              setEdited(true);
            } else if (!editedByAdmin.current) setBaseline(next);
          }}
          readOnly={disabled}
          {...aria}
        />
      </Suspense>
    </div>
  );
}
