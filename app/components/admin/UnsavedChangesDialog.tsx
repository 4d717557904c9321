import type { Blocker } from "@remix-run/react";
import { useId, useRef } from "react";
import { createPortal } from "react-dom";
import { keepTabInside, useBorrowedFocus } from "~/lib/focus-trap";

const UNSAVED_CHANGES_QUESTION = "Perubahan belum disimpan. Tinggalkan halaman ini?";
const UPLOADING_QUESTION = "Unggahan belum selesai. Batalkan unggahan dan tinggalkan halaman ini?";

/**
 * The question asked when the admin tries to leave a form with unsaved changes, or one whose
 * files are still being sent (see ~/lib/unsaved-changes). It is a modal alert dialog above everything: focus starts on the
 * harmless answer, stays inside, and goes back where it was when the admin stays; Escape stays.
 */
export function UnsavedChangesDialog({ blocker, uploading = false }: { blocker: Blocker; uploading?: boolean }) {
  if (blocker.state !== "blocked") return null;
  const question = uploading ? UPLOADING_QUESTION : UNSAVED_CHANGES_QUESTION;
  return createPortal(<Question question={question} onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />, document.body);
}

function Question({ question, onStay, onLeave }: { question: string; onStay(): void; onLeave(): void }) {
  const questionId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const stay = useRef<HTMLButtonElement>(null);

  useBorrowedFocus(() => stay.current);

  return (
    <div className="kit-modal-backdrop kit-confirm-backdrop">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog pattern: Escape answers "stay", Tab stays inside */}
      <div
        ref={dialog}
        className="kit-confirm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={questionId}
        onKeyDown={(event) => {
          // The events also travel up the React tree into the form's modal: they end here.
          event.stopPropagation();
          if (event.key === "Escape") onStay();
          else keepTabInside(event, dialog.current);
        }}
      >
        <p id={questionId} className="kit-confirm-question">
          {question}
        </p>
        <div className="kit-confirm-actions">
          <button type="button" className="kit-button kit-button-danger" onClick={onLeave}>
            Tinggalkan
          </button>
          <button ref={stay} type="button" className="kit-button kit-button-secondary" onClick={onStay}>
            Tetap di sini
          </button>
        </div>
      </div>
    </div>
  );
}
