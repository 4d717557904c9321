import "~/lib/zod-config";
import * as z from "zod";
import { parseIndonesianNumber, parseTypedDate, toIsoDate, typedDateMessage } from "~/lib/format";

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

const SHORT_TEXT_MAX = 255;

const requiredTextOf = (label: string, max: number) =>
  z
    .string({ error: `${label} wajib diisi` })
    .trim()
    .min(1, `${label} wajib diisi`)
    .max(max, `${label} maksimal ${max} karakter`);

export function requiredText(max = SHORT_TEXT_MAX) {
  return (label: string) => requiredTextOf(label, max);
}

export function optionalText(max = SHORT_TEXT_MAX) {
  return (label: string) => z.string().trim().max(max, `${label} maksimal ${max} karakter`).optional();
}

/** Long plain text (vision, mission): no practical limit beyond the upstream's own. */
export function requiredLongText() {
  return requiredText(100_000);
}

/** Spec §5: slider and history titles are sent in upper case. */
export function upperCasedTitle() {
  return (label: string) => requiredTextOf(label, SHORT_TEXT_MAX).transform((title) => title.toLocaleUpperCase("id-ID"));
}

/** Rich text (HTML from the editor); the server sanitises it before it goes upstream. */
export function richText() {
  return () => z.string().optional();
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
