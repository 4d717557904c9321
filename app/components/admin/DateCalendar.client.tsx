import { DayPicker } from "@daypicker/react";
import { id as indonesian } from "@daypicker/react/locale/id";
import "@daypicker/react/style.css";
import { parseTypedDate } from "~/lib/dates";

/**
 * DateInput's calendar, client-only (opened by a click, never rendered on the server): DayPicker
 * (a grid the keyboard moves through, labelled for screen readers) in Indonesian, months and
 * years chosen from lists (a book may be decades old). Escape closes it and gives the focus back
 * to the field; the dialog around it is not closed.
 */

const FIRST_MONTH = new Date(1900, 0);

const dayOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

export default function DateCalendar({ id, typed, onChoose, onClose }: { id: string; typed: string; onChoose(day: string): void; onClose(): void }) {
  const parsed = parseTypedDate(typed);
  // The calendar's dates are local midnights: the day chosen is the day shown, whatever the time zone.
  const selected = parsed && "day" in parsed ? new Date(`${parsed.day}T00:00:00`) : undefined;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the calendar, as a dialog's does
    <div
      id={id}
      role="dialog"
      aria-label="Kalender"
      className="kit-date-calendar"
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        // Used here: the form's own dialog stays open.
        event.preventDefault();
        onClose();
      }}
    >
      <DayPicker
        mode="single"
        locale={indonesian}
        captionLayout="dropdown"
        startMonth={FIRST_MONTH}
        endMonth={new Date(new Date().getFullYear() + 5, 11)}
        selected={selected}
        defaultMonth={selected}
        onSelect={(date) => {
          if (date) onChoose(dayOf(date));
        }}
        // The date-picker dialog pattern: the focus moves into the calendar it opens, onto the chosen day.
        // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the admin's own click or key
        autoFocus
      />
    </div>
  );
}
