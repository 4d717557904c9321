import { lazy, Suspense, useId, useRef, useState } from "react";
import { Icon } from "~/components/Icon";
import { parseTypedDate } from "~/lib/dates";
import { DATE_FORMAT_HINT, typedDateText } from "~/lib/format";
import type { ControlProps } from "./FieldInputs";

/**
 * A date field that reads day-month-year whatever the browser's language (an office PC's English
 * Chromium shows a native date field as mm/dd/yyyy): a text input taking DD-MM-YYYY, DD/MM/YYYY,
 * DD.MM.YYYY or DDMMYYYY (`parseTypedDate`, which the server's rule shares), with a pattern and a
 * hint, so that it works without JavaScript. With JavaScript a button beside it opens a calendar
 * (DayPicker, loaded when first opened); a date typed in another accepted writing is shown as
 * DD-MM-YYYY once the admin leaves the field, so that they see which date was read.
 */

// Client-only (emptied in the server build, which it never renders in): the server build stays one module.
const DateCalendar = lazy(() => import("./DateCalendar.client"));

/** The writings the browser lets through without JavaScript; the server reads the same (and says why it refuses one). */
const DATE_PATTERN = String.raw`\s*(\d{1,2}[\-\/.]\d{1,2}[\-\/.]\d{4}|\d{8}|\d{4}-\d{1,2}-\d{1,2})\s*`;

export const DATE_TEXTS = {
  placeholder: "HH-BB-TTTT",
  title: `Tulis ${DATE_FORMAT_HINT}`,
  openCalendar: "Buka kalender",
  loading: "Memuat kalender...",
} as const;

type DateInputProps = ControlProps & {
  /** A stored day (YYYY-MM-DD) or what was typed. */
  defaultValue: string;
  hydrated: boolean;
  /** It holds a stored text no writing reads ("c1998"): the browser must let it through as it is (app/admin-kit/legacy-values.ts). */
  legacy?: boolean;
};

/** Sets the input's text as typing would: the form's checks and its unsaved-changes guard hear it. */
function typeInto(input: HTMLInputElement, text: string) {
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

export function DateInput({ defaultValue, hydrated, legacy, ...props }: DateInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const calendarId = useId();
  const close = () => {
    setOpen(false);
    input.current?.focus();
  };
  return (
    <div className="kit-date">
      <input
        {...props}
        ref={input}
        type="text"
        autoComplete="off"
        placeholder={DATE_TEXTS.placeholder}
        pattern={legacy ? undefined : DATE_PATTERN}
        title={DATE_TEXTS.title}
        defaultValue={typedDateText(defaultValue)}
        onBlur={(event) => {
          const typed = parseTypedDate(event.currentTarget.value);
          const shown = typed && "day" in typed ? typedDateText(typed.day) : undefined;
          if (shown && shown !== event.currentTarget.value) typeInto(event.currentTarget, shown);
        }}
      />
      {hydrated ? (
        <button
          type="button"
          className="kit-date-button"
          aria-label={DATE_TEXTS.openCalendar}
          aria-expanded={open}
          aria-controls={open ? calendarId : undefined}
          disabled={props.disabled}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <Icon name="calendar" size={18} />
        </button>
      ) : null}
      {open ? (
        <Suspense fallback={<p role="status">{DATE_TEXTS.loading}</p>}>
          <DateCalendar
            id={calendarId}
            typed={input.current?.value ?? ""}
            onChoose={(day) => {
              if (input.current) typeInto(input.current, typedDateText(day));
              close();
            }}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
