import fc from "fast-check";
import { ABOUT_TEXT_FIELDS } from "../helpers/spec-fields";

/**
 * What tests/integration/upstream-contract.property.test.ts generates: valid admin form input,
 * field by field, by the rules of app/admin-kit/fields.ts (written out here, not imported, so that a
 * rule changed there is checked against this reading of it), stored records in the upstream's
 * full shape, and the same records stripped to the spec's shape (spec §3 only).
 */

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const LINE_UNITS = [...LETTERS, " ", " ", "é", "ü", "-", ".", ",", "'", '"', "&", "/", "(", ")", ":", "!", "?", "<", ">", "%", "+", "#"];
const letter = fc.constantFrom(...LETTERS);

function units(multiline: boolean) {
  return fc.constantFrom(...LINE_UNITS, ...(multiline ? ["\n"] : []));
}

/** Text of 1..max characters once trimmed (requiredText); now and then exactly `max` long. */
export function requiredText(max: number, multiline = false): fc.Arbitrary<string> {
  const short = fc.string({ unit: units(multiline), minLength: 1, maxLength: Math.min(max, 40) }).filter((text) => text.trim().length > 0);
  const longest = letter.map((character) => character.repeat(max));
  return fc.oneof({ withCrossShrink: true }, { weight: 9, arbitrary: short }, { weight: 1, arbitrary: longest });
}

/** An optional field: empty (as a browser posts an empty input) or a valid value. */
export function optional(value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof({ withCrossShrink: true }, { weight: 1, arbitrary: fc.constant("") }, { weight: 3, arbitrary: value });
}

/** optionalText: any text up to `max` once trimmed, blank included. */
export function optionalText(max: number, multiline = false): fc.Arbitrary<string> {
  return fc.oneof({ withCrossShrink: true }, fc.constant(""), fc.constant("   "), requiredText(max, multiline));
}

/** What Quill posts: empty, or a few paragraphs, some with inline marks, a link or an empty paragraph. */
export const richText: fc.Arbitrary<string> = fc.oneof(
  fc.constant(""),
  fc.constant("<p><br></p>"),
  fc
    .array(
      fc.tuple(fc.constantFrom("p", "h2", "li"), requiredText(60), fc.constantFrom("", "strong", "em", "u")).map(([tag, text, mark]) => {
        const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
        const inner = mark ? `<${mark}>${escaped}</${mark}>` : escaped;
        return tag === "li" ? `<ul><li>${inner}</li></ul>` : `<${tag}>${inner}&nbsp;</${tag}>`;
      }),
      { minLength: 1, maxLength: 3 },
    )
    .map((parts) => parts.join("")),
  fc.webUrl({ validSchemes: ["https"] }).map((url) => `<p><a href="${url}">tautan</a></p>`),
);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email: fc.Arbitrary<string> = fc
  .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/), fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,15}$/), fc.constantFrom("id", "com", "co.id", "go.id"))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)
  .filter((address) => EMAIL.test(address) && address.length <= 255);

const PHONE = /^\+?[0-9(][0-9 ()./-]{2,29}$/;
export const phone: fc.Arbitrary<string> = fc
  .oneof(
    fc.stringMatching(/^\+?[0-9(][0-9 ()./-]{2,29}$/),
    fc.tuple(fc.constantFrom("0", "+62 ", "(022) "), fc.stringMatching(/^[0-9]{6,11}$/)).map(([prefix, digits]) => `${prefix}${digits}`),
  )
  .filter((number) => PHONE.test(number.trim()) && number.length <= 30);

/** A social handle, as typed: with or without the "@". */
export const handle: fc.Arbitrary<string> = fc.stringMatching(/^@?[A-Za-z0-9._-]{1,100}$/);

const URL_RULE = /^(https?:\/\/[^\s/?#]+\S*|\/(?!\/)\S*)$/i;
export const url: fc.Arbitrary<string> = fc
  .oneof(fc.webUrl({ validSchemes: ["http", "https"], withQueryParameters: true, withFragments: true }), fc.stringMatching(/^\/[a-z0-9][a-z0-9\-/]{0,30}$/))
  .filter((address) => URL_RULE.test(address) && address.length <= 2048);

/** A date input's value, YYYY-MM-DD. */
export const dateInput: fc.Arbitrary<string> = fc
  .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** Spec §5/§7: a date form value goes upstream as an ISO string (a bare date is midnight UTC). */
export function isoOf(dateValue: string): string {
  return `${dateValue}T00:00:00.000Z`;
}

function digits(count: number) {
  return fc.array(fc.integer({ min: 0, max: 9 }), { minLength: count, maxLength: count });
}

function checkCharacter(value: number): string {
  return value === 10 ? "X" : String(value);
}

/** A valid ISBN-10, ISBN-13 or ISSN as typed (hyphens, a prefix), with the form the upstream should get. */
export const standardNumber: fc.Arbitrary<{ typed: string; sent: string }> = fc.oneof(
  digits(9).map((body) => {
    const sum = body.reduce((total, digit, index) => total + digit * (10 - index), 0);
    const compact = `${body.join("")}${checkCharacter((11 - (sum % 11)) % 11)}`;
    return { compact, sent: compact, hyphenated: `${compact.slice(0, 1)}-${compact.slice(1, 4)}-${compact.slice(4, 9)}-${compact.slice(9)}` };
  }),
  fc.tuple(fc.constantFrom("978", "979"), digits(9)).map(([prefix, rest]) => {
    const twelve = [...prefix].map(Number).concat(rest);
    const sum = twelve.reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
    const compact = `${twelve.join("")}${(10 - (sum % 10)) % 10}`;
    return { compact, sent: compact, hyphenated: `${compact.slice(0, 3)}-${compact.slice(3, 6)}-${compact.slice(6, 12)}-${compact.slice(12)}` };
  }),
  digits(7).map((body) => {
    const sum = body.reduce((total, digit, index) => total + digit * (8 - index), 0);
    const compact = `${body.join("")}${checkCharacter((11 - (sum % 11)) % 11)}`;
    const sent = `${compact.slice(0, 4)}-${compact.slice(4)}`;
    return { compact, sent, hyphenated: sent };
  }),
).chain(({ compact, sent, hyphenated }) =>
  fc.constantFrom(compact, hyphenated, `ISBN ${hyphenated}`, `ISSN: ${compact}`, ` ${compact.toLowerCase()} `).map((typed) => ({ typed, sent })),
);

function dotted(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/** Spec §5: a number field as typed, dots as thousands separators, and the number it means (undefined: empty). */
export const indonesianNumber: fc.Arbitrary<{ typed: string; value: number | undefined }> = fc.oneof(
  fc.constant({ typed: "", value: undefined }),
  fc.nat({ max: 9_999_999 }).map((whole) => ({ typed: dotted(whole), value: whole })),
  fc.nat({ max: 99_999 }).map((whole) => ({ typed: String(whole), value: whole })),
  fc.tuple(fc.nat({ max: 99_999 }), fc.integer({ min: 1, max: 9 })).map(([whole, tenth]) => ({ typed: `${dotted(whole)},${tenth}`, value: Number(`${whole}.${tenth}`) })),
  // Not a number: the field becomes empty (spec §5), which is valid input.
  fc.constantFrom("banyak", "-", "1.2.a", "  ").map((typed) => ({ typed, value: undefined })),
);

/** Stored text as an upstream may hold it. */
export const storedText: fc.Arbitrary<string> = fc.string({ unit: letter, minLength: 1, maxLength: 12 });

/** An upstream id: a number in the full shape. */
export const storedId: fc.Arbitrary<number> = fc.integer({ min: 1, max: 99_999 });

/** Record ids as the delete forms post them (url-state's pattern). */
export const recordId: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: storedId.map(String) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/) },
);

// ---- files ----

const PNG_BYTES = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"),
);
const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const MP4_BYTES = Uint8Array.from([
  0x00, 0x00, 0x00, 0x18, ...new TextEncoder().encode("ftypmp42"), 0x00, 0x00, 0x00, 0x00, ...new TextEncoder().encode("mp42isom"),
  ...new Uint8Array(200),
]);

export type FileKind = "image" | "book" | "video";

/** A small real file of its kind, as a browser sends a chosen file. */
export function chosenFile(kind: FileKind, name: string): File {
  if (kind === "image") return new File([PNG_BYTES], `${name}.png`, { type: "image/png" });
  if (kind === "book") return new File([PDF_BYTES], `${name}.pdf`, { type: "application/pdf" });
  return new File([MP4_BYTES], `${name}.mp4`, { type: "video/mp4" });
}

/**
 * A file input on submission: a new file, left empty (browsers send a part with no name and no
 * bytes), or not in the form at all (a form built by script).
 */
export type FileInput = "new" | "empty" | "absent";
export const fileInput: fc.Arbitrary<FileInput> = fc.constantFrom("new", "empty", "empty", "absent");
export const noNewFile: fc.Arbitrary<FileInput> = fc.constantFrom("empty", "absent");

// ---- the spec's answer shape ----

/** Spec §3, entity by entity: the only fields the spec promises a record has. */
export const SPEC_ENTITY_FIELDS = {
  slider: ["id", "title", "description", "url", "file"],
  banner: ["id", "title", "description", "url", "file"],
  about: ["id", ...ABOUT_TEXT_FIELDS, "file"],
  missionVision: ["id", "vision", "mission"],
  history: ["id", "title", "description", "file"],
  activity: ["id", "date", "title", "description", "file"],
  officer: ["id", "name", "position", "additional_text", "file"],
  genre: ["id", "name", "cover"],
  tag: ["id", "name", "cover"],
  classification: ["id", "notation", "general_name"],
  author: ["id", "name", "biography", "photo", "total_books"],
  publisher: ["id", "name", "address", "about", "email", "phone", "total_books", "books"],
  book: ["id", "title", "author", "publisher", "synopsis", "published_date", "isbn_issn", "genres", "tags", "classification_id", "cover", "file"],
  video: ["id", "title", "description", "link", "thumbnail", "background", "watched"],
  library: ["id", "name", "address", "phone_number", "about", "active"],
} as const;
export type Entity = keyof typeof SPEC_ENTITY_FIELDS;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type StoredRecord = Record<string, Json>;

function named(value: Json): Json {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "name" in value ? { name: value.name } : value;
}

/**
 * A full record as the spec promises it: only §3's fields, ids as strings, relations as
 * `{name}` without ids, `books` as the empty list the spec only ever shows.
 */
export function toSpecShape(entity: Entity, record: StoredRecord): StoredRecord {
  const kept: StoredRecord = {};
  for (const field of SPEC_ENTITY_FIELDS[entity]) {
    if (!Object.hasOwn(record, field)) continue;
    const value = record[field];
    if (field === "id" || field === "classification_id") kept[field] = value === null ? null : String(value);
    else if (field === "author" || field === "publisher") kept[field] = named(value);
    else if (field === "genres" || field === "tags") kept[field] = Array.isArray(value) ? value.map(named) : value;
    else if (field === "books") kept[field] = [];
    else kept[field] = value;
  }
  return kept;
}

export type Shape = "full" | "spec";
export const shape: fc.Arbitrary<Shape> = fc.constantFrom("full", "spec");

/** What the full shape adds to any record (the reference API's bookkeeping). */
export const fullExtras = fc.record({
  created_at: fc.constant("2024-05-17T08:00:00.000Z"),
  updated_at: fc.constant("2024-05-18T09:30:00.000Z"),
  deleted_at: fc.constant(null),
});
