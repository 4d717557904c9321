import { useCallback, useEffect, useRef, useState } from "react";
import { DUPLICATE_CONFIRM_FIELD, DUPLICATE_MESSAGES, type DuplicateWarning } from "~/admin-kit/duplicates";
import { ADDED_LABEL_FIELD, PICKER_ADD_TEXTS, type OptionAdded, type OptionList } from "~/admin-kit/pickers";
import type { FieldOption } from "~/admin-kit/screen";
import { DuplicateMatches } from "./DuplicateNotice";

/** A record added from a picker with JavaScript ("Tambah pengarang baru «…»", ComboboxPickers.tsx): the request, and what it says under the picker. */

type AddState =
  | { status: "idle" }
  | { status: "adding"; label: string }
  | { status: "added"; label: string }
  | { status: "duplicates"; label: string; warning: DuplicateWarning }
  | { status: "failed"; message: string };

/**
 * Adds a record typed in a picker through `POST /admin/options/<list>` (the list's own add form,
 * app/admin-kit/server/screen/add-option.server.ts), and hands the new option to `onAdded` to be
 * picked; likely duplicates come back to be looked at first. A redirect means the session ended:
 * the page goes where it was sent, as a search's would.
 */
export function useInlineAdd(list: OptionList, onAdded: (option: FieldOption) => void) {
  const [state, setState] = useState<AddState>({ status: "idle" });
  const pending = useRef<AbortController>();
  /** The label being added: a choice reported twice (see PillsPicker) adds it once. */
  const adding = useRef<string>();
  const add = useCallback(
    async (label: string, confirm?: string) => {
      if (confirm === undefined && adding.current === label) return;
      adding.current = label;
      pending.current?.abort();
      const request = new AbortController();
      pending.current = request;
      setState({ status: "adding", label });
      const body = new URLSearchParams({ [ADDED_LABEL_FIELD]: label });
      if (confirm !== undefined) body.set(DUPLICATE_CONFIRM_FIELD, confirm);
      try {
        const response = await fetch(`/admin/options/${list}`, { method: "POST", body, signal: request.signal, headers: { Accept: "application/json" } });
        if (response.redirected) return window.location.assign(response.url);
        const answer = (await response.json()) as OptionAdded;
        if ("added" in answer) {
          setState({ status: "added", label: answer.added.label });
          onAdded(answer.added);
        } else if ("duplicates" in answer) setState({ status: "duplicates", label, warning: answer.duplicates });
        else setState({ status: "failed", message: answer.error });
      } catch {
        if (!request.signal.aborted) setState({ status: "failed", message: PICKER_ADD_TEXTS.failed });
      } finally {
        if (pending.current === request) adding.current = undefined;
      }
    },
    [list, onAdded],
  );
  useEffect(() => () => pending.current?.abort(), []);
  const dismiss = useCallback(() => setState({ status: "idle" }), []);
  return { state, add, dismiss };
}

/**
 * What an add from a picker says under it: that it is under way or done (a polite status), why
 * it failed, or the likely duplicates, each of which can be picked instead, and "Simpan tetap".
 * Buttons, not submits: the form around it is not sent.
 */
export function InlineAddNotice({ adder, screen, onPick }: { adder: ReturnType<typeof useInlineAdd>; screen: OptionList; onPick: (option: FieldOption) => void }) {
  const { state, add, dismiss } = adder;
  if (state.status === "duplicates") {
    const { warning, label } = state;
    return (
      <div className="form-error kit-duplicate-notice kit-picker-add-notice" role="alert">
        <p>{DUPLICATE_MESSAGES.notice}</p>
        <DuplicateMatches
          screen={screen}
          warning={warning}
          action={(match) => (
            <button
              type="button"
              className="kit-button"
              onClick={() => {
                dismiss();
                onPick({ value: match.id, label: match.label });
              }}
            >
              {PICKER_ADD_TEXTS.pickExisting(match.label)}
            </button>
          )}
        />
        <p>{DUPLICATE_MESSAGES.howToGoOn}</p>
        <div className="kit-picker-add-actions">
          <button type="button" className="kit-button kit-button-primary" onClick={() => void add(label, warning.confirm)}>
            {DUPLICATE_MESSAGES.saveAnyway}
          </button>
          <button type="button" className="kit-button" onClick={dismiss}>
            {PICKER_ADD_TEXTS.cancel}
          </button>
        </div>
      </div>
    );
  }
  if (state.status === "failed") {
    return (
      <p className="form-error kit-picker-add-notice" role="alert">
        {state.message}
      </p>
    );
  }
  return (
    <p className="kit-hint kit-picker-add-notice" role="status">
      {state.status === "adding" ? PICKER_ADD_TEXTS.adding(state.label) : state.status === "added" ? PICKER_ADD_TEXTS.added(state.label) : ""}
    </p>
  );
}
