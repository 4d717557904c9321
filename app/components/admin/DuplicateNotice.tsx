import { DUPLICATE_CONFIRM_FIELD, DUPLICATE_MESSAGES, type DuplicateMatch, type DuplicateWarning } from "~/admin-kit/duplicates";
import type { ReactNode } from "react";
import { formatIndonesianNumber } from "~/lib/format";

/**
 * A save sent back because it would likely duplicate stored records (app/admin-kit/duplicates.ts):
 * each one named, linked to its edit form in a new tab (the form here stays as typed), and the
 * "Simpan tetap" button that sends the form again, this time to be written. A plain submit
 * button: the same with and without JavaScript.
 */
export function DuplicateNotice({ screen, warning }: { screen: string; warning: DuplicateWarning }) {
  return (
    <div className="form-error kit-duplicate-notice" role="alert">
      <p>{DUPLICATE_MESSAGES.notice}</p>
      <DuplicateMatches screen={screen} warning={warning} />
      {warning.filesDropped ? <p>{DUPLICATE_MESSAGES.filesDropped}</p> : null}
      <p>{DUPLICATE_MESSAGES.howToGoOn}</p>
      <button type="submit" name={DUPLICATE_CONFIRM_FIELD} value={warning.confirm} className="kit-button kit-button-primary">
        {DUPLICATE_MESSAGES.saveAnyway}
      </button>
    </div>
  );
}

/** The records a save would likely duplicate, each linked to its edit form in a new tab, with why, and `action` beside it (a picker's "Pilih"). */
export function DuplicateMatches({ screen, warning, action }: { screen: string; warning: DuplicateWarning; action?: (match: DuplicateMatch) => ReactNode }) {
  const more = warning.total - warning.matches.length;
  return (
    <ul>
      {warning.matches.map((match) => (
        <li key={match.id}>
          <a href={`/admin/${screen}?modal=edit&id=${encodeURIComponent(match.id)}`} target="_blank" rel="noopener">
            {match.label}
            <span className="visually-hidden"> {DUPLICATE_MESSAGES.newTab}</span>
          </a>{" "}
          ({match.reasons.join("; ")}){action ? <> {action(match)}</> : null}
        </li>
      ))}
      {more > 0 ? <li>{DUPLICATE_MESSAGES.more(formatIndonesianNumber(more))}</li> : null}
    </ul>
  );
}
