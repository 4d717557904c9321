import { CHOICE_FIELD_PREFIX, CONFLICT_MESSAGES, type ConflictingField } from "~/admin-kit/edit-conflicts";

/**
 * An edit whose fields were changed elsewhere since the form opened (app/admin-kit/edit-conflicts.ts):
 * the notice above the fields, and beside each such field the two values to choose from. Plain
 * radio buttons, required: the same with and without JavaScript, and nothing is saved unchosen.
 */
export function ConflictNotice() {
  return (
    <div className="form-error kit-conflict-notice" role="alert">
      <p>{CONFLICT_MESSAGES.notice}</p>
      <p>{CONFLICT_MESSAGES.howToChoose}</p>
    </div>
  );
}

export function ConflictChoice({ field }: { field: ConflictingField }) {
  const name = `${CHOICE_FIELD_PREFIX}${field.name}`;
  return (
    <fieldset className="kit-conflict">
      <legend>
        {CONFLICT_MESSAGES.legend}: {field.label}
      </legend>
      <label>
        <input type="radio" name={name} value="mine" required /> {CONFLICT_MESSAGES.keepMine}: <q>{field.mine}</q>
      </label>
      <label>
        <input type="radio" name={name} value="theirs" required /> {CONFLICT_MESSAGES.takeTheirs}: <q>{field.theirs}</q>
      </label>
    </fieldset>
  );
}
