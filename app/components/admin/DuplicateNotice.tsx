import { DUPLICATE_CONFIRM_FIELD, DUPLICATE_MESSAGES, type DuplicateWarning } from "~/admin-kit/duplicates";
import { formatIndonesianNumber } from "~/lib/format";

/**
 * A save sent back because it would likely duplicate stored records (app/admin-kit/duplicates.ts):
 * each one named, linked to its edit form in a new tab (the form here stays as typed), and the
 * "Simpan tetap" button that sends the form again, this time to be written. A plain submit
 * button: the same with and without JavaScript.
 */
export function DuplicateNotice({ screen, warning }: { screen: string; warning: DuplicateWarning }) {
  const more = warning.total - warning.matches.length;
  return (
    <div className="form-error kit-duplicate-notice" role="alert">
      <p>{DUPLICATE_MESSAGES.notice}</p>
      <ul>
        {warning.matches.map((match) => (
          <li key={match.id}>
            <a href={`/admin/${screen}?modal=edit&id=${encodeURIComponent(match.id)}`} target="_blank" rel="noopener">
              {match.label}
              <span className="visually-hidden"> {DUPLICATE_MESSAGES.newTab}</span>
            </a>{" "}
            ({match.reasons.join("; ")})
          </li>
        ))}
        {more > 0 ? <li>{DUPLICATE_MESSAGES.more(formatIndonesianNumber(more))}</li> : null}
      </ul>
      {warning.filesDropped ? <p>{DUPLICATE_MESSAGES.filesDropped}</p> : null}
      <p>{DUPLICATE_MESSAGES.howToGoOn}</p>
      <button type="submit" name={DUPLICATE_CONFIRM_FIELD} value={warning.confirm} className="kit-button kit-button-primary">
        {DUPLICATE_MESSAGES.saveAnyway}
      </button>
    </div>
  );
}
