import { useBlocker, useNavigation, type Blocker } from "@remix-run/react";
import { useCallback, useEffect, useRef, type RefObject } from "react";

/**
 * A warning before leaving a form with unsaved changes (issue 9, point 5). "Changed" is read
 * from the form itself when the admin tries to leave: a control whose value differs from the
 * one it was rendered with, a chosen file, or rich text the admin edited (its hidden input
 * carries the editor's starting HTML in `data-unsaved-baseline`), or a control marked changed by
 * itself (`data-unsaved-changed`). Typing a value and then
 * restoring it counts as unchanged. In-app navigation (closing the modal is one) is held by a
 * Remix blocker, so the page can ask in its own dialog; closing or reloading the tab can only
 * use the browser's own question. A submission leaves freely; one that comes back refused
 * leaves the form changed, since nothing of it was saved.
 */

export const UNSAVED_BASELINE_ATTRIBUTE = "data-unsaved-baseline";
/** Marks a control whose own state says it changed (a picker's pills, whose inputs come and go). */
export const UNSAVED_CHANGED_ATTRIBUTE = "data-unsaved-changed";

export function formHasChanges(form: HTMLFormElement): boolean {
  return [...form.elements].some((element) => {
    if (element.getAttribute(UNSAVED_CHANGED_ATTRIBUTE) === "true") return true;
    // Only what the form sends: an editor's own unnamed controls (Quill's toolbar) are not the record.
    if (!element.getAttribute("name")) return false;
    if (element instanceof HTMLInputElement) {
      if (element.disabled) return false;
      if (element.type === "file") return (element.files?.length ?? 0) > 0;
      if (element.type === "checkbox" || element.type === "radio") return element.checked !== element.defaultChecked;
      if (element.type === "hidden") {
        const baseline = element.getAttribute(UNSAVED_BASELINE_ATTRIBUTE);
        return baseline !== null && element.value !== baseline;
      }
      return element.value !== element.defaultValue;
    }
    if (element instanceof HTMLTextAreaElement) return !element.disabled && element.value !== element.defaultValue;
    if (element instanceof HTMLSelectElement) {
      return !element.disabled && [...element.options].some((option) => option.selected !== option.defaultSelected);
    }
    return false;
  });
}

type Stage = "editing" | "submitted" | "refused";

export interface UnsavedChanges {
  /** Holds in-app navigation away from a changed form; show a question while it is "blocked". */
  blocker: Blocker;
  /** Call when the form is really being sent (it passed the browser's checks). */
  markSubmitted(): void;
}

/**
 * `upload.sending`: the form is being sent outside a Remix navigation (an upload with progress);
 * `upload.unfinished`: its files are still on their way, and leaving would drop them.
 */
export function useUnsavedChanges(form: RefObject<HTMLFormElement>, upload: { sending: boolean; unfinished: boolean }): UnsavedChanges {
  const stage = useRef<Stage>("editing");
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" || upload.sending;

  // Sent and back while the form is still here: the server refused it (or the connection broke).
  useEffect(() => {
    if (!sending && stage.current === "submitted") stage.current = "refused";
  }, [sending]);

  // An upload under way is work the admin would lose: leaving asks first (and stops it).
  const uploadingNow = useRef(upload.unfinished);
  uploadingNow.current = upload.unfinished;

  const hasUnsavedChanges = useCallback(() => {
    if (uploadingNow.current) return true;
    if (stage.current === "submitted") return false;
    if (stage.current === "refused") return true;
    return form.current ? formHasChanges(form.current) : false;
  }, [form]);

  const blocker = useBlocker(hasUnsavedChanges);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [hasUnsavedChanges]);

  const markSubmitted = useCallback(() => {
    stage.current = "submitted";
  }, []);

  return { blocker, markSubmitted };
}
