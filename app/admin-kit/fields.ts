import "~/lib/zod-config";
import * as z from "zod";
import { parseTypedDate } from "~/lib/dates";
import { parseIndonesianNumber, toIsoDate, typedDateMessage } from "~/lib/format";
import type { FileAccept } from "~/lib/file-kinds";
import { tooDeep } from "~/lib/html-depth";
import type { FieldIcon } from "~/lib/icons";

/**
 * The rules of the admin forms' fields. A field declares its rule beside its label
 * (`{ name: "title", label: "Judul", type: "text", rule: requiredText() }`), and the form's zod
 * schema is made from the fields (`formOf` in screen.ts), each rule given its field's label for
 * its messages: a label is written once. The browser runs the schema for early feedback; the
 * server runs the same schema on every submission and sends its *output* upstream, so the spec's
 * rules (upper-cased titles, ISO dates, parsed numbers) hold with JavaScript off too.
 * Every message is Indonesian. conform turns an empty input into `undefined` before these run.
 */

/** A field's rule: its schema, made with the field's label for the messages. */
export type FieldRule<T extends z.ZodType = z.ZodType> = (label: string) => T;

/** What a form field, a table's cell and a form's values are: the kit's smallest words, which every other module of it reads. */

export type CellValue = string | number | boolean | null;
/** One table row's display values: already shortened, formatted and turned into URLs by the server. */
export type Cells = Record<string, CellValue>;
/** What the edit form starts with, by field name. */
export type FormValues = Record<string, string | string[]>;

export interface Column<C extends Cells> {
  header: string;
  accessor: keyof C & string;
  textAlign?: "left" | "center" | "right";
  /** A whole number written with the thousands' dots ("1.500"): ordered by its value, not as text. */
  count?: true;
  /** Long text may wrap; other cells stay on one line. */
  wrap?: boolean;
  /** One line whatever its length, cut with "…" at the column's `width` (the whole text on hover). */
  oneLine?: boolean;
  /** Another cell shown under this one, quieter, on one line (a book's author under its title). */
  under?: keyof C & string;
  /** Hidden until the admin shows it with the column chooser, which each browser remembers. */
  optional?: boolean;
  /** Applied only when the cell's value is not "0", empty or null (spec §2). */
  bgColor?: string;
  textColor?: string;
  width?: number | string;
  /**
   * "image": the value is an image URL, shown as a thumbnail of `width` pixels (default 100);
   * "chips": a list written "a, b, c" (a book's genres), shown as chips on one line.
   */
  display?: "text" | "image" | "chips";
}

export type FieldType = "text" | "textarea" | "select" | "pills" | "date" | "file" | "number" | "textEditor";

export interface FieldOption {
  value: string;
  label: string;
  /** What tells it from a look-alike ("12 buku · Dosen sejarah di …"), said after the label (a pickable's `detail`). */
  detail?: string;
}

/** One form field; the generic options of spec §3 plus what a field needs to explain itself. */
export interface FieldDefinition {
  name: string;
  /** What the form shows, and what the field's rule names in its messages. */
  label: string;
  type: FieldType;
  /**
   * The field's rule (app/admin-kit/fields.ts), from which the form's schema is made (`formOf`);
   * file fields have none (the server checks a file's bytes).
   */
  rule?: FieldRule;
  icon?: FieldIcon;
  className?: string;
  disabled?: boolean;
  options?: readonly FieldOption[];
  /**
   * Select and pills fields whose choices are a whole list (a book's authors): a picker that
   * searches it as the admin types (app/admin-kit/pickers.ts) instead of a control holding every option:
   * the list of another resource declared `pickable`, by its screen's id.
   */
  optionsFrom?: string;
  /** Spec §9: 150px unless a field says otherwise. */
  textareaHeight?: string;
  /** The HTML input type of a "text" field (email fields use "email", spec §5). */
  inputType?: "text" | "email" | "tel" | "url";
  /** A short help text under the field. */
  hint?: string;
  /** File fields: what the file must contain (checked by its bytes on the server). */
  accept?: FileAccept;
  /** File fields: a new record cannot be saved without one. */
  requiredOnCreate?: boolean;
  /** Spec §7 sends it on update only (a publisher's `total_books`): the add form leaves it out. */
  updateOnly?: boolean;
  /**
   * Spec §5 has its rule rewrite it before every send (a slider's or history's title in upper
   * case): left by the admin, it goes as the rule makes the stored value, not as stored.
   */
  sentAsRuled?: boolean;
  /**
   * Not required, but a record is incomplete without it (a book's cover and file): the desk
   * (`/admin`) counts the records that lack it, as the librarian's to-do.
   */
  expected?: boolean;
}

/** An image (JPEG, PNG, WebP, GIF), a book file (PDF, EPUB) or a video (MP4, WebM, QuickTime). */
export type { FileAccept };

export type { FieldIcon };


const SHORT_TEXT_MAX = 255;

/**
 * Characters no one types into a field, pasted in from a PDF or another program (NUL, a form
 * feed, a backspace) or sent to spoof how a title reads (the bidirectional overrides U+202A–E);
 * a tab and line breaks stay.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNTYPED_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e]/g;
const withoutUntyped = (text: string) => text.replace(UNTYPED_CHARACTERS, "");

const requiredTextOf = (label: string, max: number) =>
  z
    .string({ error: `${label} wajib diisi` })
    .overwrite(withoutUntyped)
    .trim()
    .min(1, `${label} wajib diisi`)
    .max(max, `${label} maksimal ${max} karakter`);

export function requiredText(max = SHORT_TEXT_MAX) {
  return (label: string) => requiredTextOf(label, max);
}

export function optionalText(max = SHORT_TEXT_MAX) {
  return (label: string) => z.string().overwrite(withoutUntyped).trim().max(max, `${label} maksimal ${max} karakter`).optional();
}

/** Long plain text (vision, mission): no practical limit beyond the upstream's own. */
export function requiredLongText() {
  return requiredText(100_000);
}

/** Spec §5: slider and history titles are sent in upper case. */
export function upperCasedTitle() {
  return (label: string) => requiredTextOf(label, SHORT_TEXT_MAX).transform((title) => title.toLocaleUpperCase("id-ID"));
}

/**
 * A picture given as bytes or as a place on the admin's own machine (`data:`, `blob:`, Word's
 * `file:`, Outlook's `cid:`), not by a web address: the sanitiser would drop it, so the save
 * refuses it rather than lose it quietly. `[^<>]`, not `[^>]`: linear on a text of "<img<img...".
 */
const PICTURE_NOT_BY_ADDRESS = /<img\b[^<>]*?\ssrc\s*=\s*["']?\s*(?!https?:)[a-z][a-z\d+.-]*:/i;

/** Rich text (HTML from the editor); the server sanitises it before it goes upstream. */
export function richText() {
  return (label: string) =>
    z
      .string()
      .optional()
      .refine((html) => html === undefined || !tooDeep(html), `${label} memuat format yang terlalu bertingkat. Sederhanakan formatnya, lalu simpan lagi.`)
      .refine(
        (html) => html === undefined || !PICTURE_NOT_BY_ADDRESS.test(html),
        `${label} memuat gambar yang ditempel langsung, yang tidak dapat disimpan. Hapus gambar itu, lalu sisipkan lewat tombol Gambar dengan alamat web (https://…).`,
      );
}

/**
 * Optional text that, when given, must match a pattern. A refinement rather than a pipe:
 * conform turns an empty string into `undefined` at every string schema it finds, which would
 * make a blank field an English "expected string" error.
 */
function optionalMatching(pattern: RegExp, message: string, max = SHORT_TEXT_MAX) {
  return z
    .string()
    .trim()
    .max(max, `Isian maksimal ${max} karakter`)
    .refine((value) => value === "" || pattern.test(value), message)
    .optional();
}

export function optionalEmail() {
  return () => optionalMatching(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Format email tidak valid");
}

export function optionalPhone() {
  return (label: string) => optionalMatching(/^\+?[0-9(][0-9 ()./-]{2,29}$/, `${label} tidak valid`, 30);
}

/** A social network handle (the field's label is the network's name): the public footer appends it to the network's address. */
export function optionalHandle() {
  return (network: string) =>
    optionalMatching(/^@?[A-Za-z0-9._-]{1,100}$/, `Nama akun ${network} tidak valid`).transform((handle) => handle?.replace(/^@/, ""));
}

/** An absolute http(s) address or a path on this site. */
export function optionalUrl() {
  return (label: string) => optionalMatching(/^(https?:\/\/[^\s/?#]+\S*|\/(?!\/)\S*)$/i, `${label} harus diawali http://, https:// atau /`, 2048);
}

/**
 * Spec §5: a date typed day-month-year (`parseTypedDate`) becomes an ISO date-time, midnight UTC
 * (the upstream's form, spec §7); one that is not a date becomes empty, and the field says why.
 */
export function requiredIsoDate() {
  return (label: string) =>
    z.string({ error: `${label} wajib diisi` }).transform((value, context) => {
      const typed = parseTypedDate(value);
      if (typed && "day" in typed) return toIsoDate(typed.day);
      context.issues.push({ code: "custom", input: value, message: typed ? typedDateMessage(typed.error, value) : `${label} wajib diisi` });
      return "";
    });
}

/** Spec §5: "1.234" is 1234; anything that is not a number leaves the field empty. */
export function optionalIndonesianNumber() {
  return () =>
    z
      .string()
      .optional()
      .transform((value) => (value === undefined ? undefined : parseIndonesianNumber(value)));
}

/** A record id as a select or pills field sends it (the option's value). */
const CHOICE_ID_MAX = 64;
const CHOICE_ID = new RegExp(`^[A-Za-z0-9_-]{1,${CHOICE_ID_MAX}}$`);

/** One chosen id: its maximum is explicit too, so that a refused form echoes no more of it. */
const choiceId = (label: string, params?: { error: string }) =>
  z.string(params).max(CHOICE_ID_MAX, `${label} tidak valid`).regex(CHOICE_ID, `${label} tidak valid`);

/** A select that must be chosen (its empty first option is no choice). */
export function requiredChoice() {
  return (label: string) => choiceId(label, { error: `${label} wajib dipilih` });
}

/** A select that may stay on its empty first option. */
export function optionalChoice() {
  return (label: string) => choiceId(label).optional();
}

/** Pills (checkboxes of one name): the chosen values, none when nothing is ticked. */
export function choices() {
  return (label: string) =>
    z
      .array(choiceId(label))
      .max(100, `${label} terlalu banyak`)
      .optional()
      .transform((chosen) => [...new Set(chosen ?? [])]);
}
