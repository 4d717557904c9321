import type { Request } from "express";
import * as z from "zod";
import { HttpError } from "./errors.ts";
import { STORED_NAME_PATTERN } from "./storage.ts";

/**
 * Field schemas shared by the routes. Every message is Indonesian and set explicitly, so a
 * client never sees zod's English defaults. Multipart fields arrive as strings and JSON fields
 * may be numbers, so the text schemas accept both.
 */

const SHORT_TEXT_MAX = 255;
const LONG_TEXT_MAX = 5_000_000;

const numberToString = (value: unknown): unknown => (typeof value === "number" ? String(value) : value);
/** For optional text, JSON null means "empty" (clients often send null for a blank field). */
const optionalToString = (value: unknown): unknown => (value === null ? "" : numberToString(value));
const blankToUndefined = (value: unknown): unknown => (value === "" || value === null ? undefined : value);

export function requiredText(label: string, max = SHORT_TEXT_MAX) {
  return z.preprocess(
    numberToString,
    z
      .string({
        error: (issue) => (issue.input == null ? `${label} wajib diisi` : `${label} harus berupa teks`),
      })
      .trim()
      .min(1, `${label} wajib diisi`)
      .max(max, `${label} maksimal ${max} karakter`),
  );
}

export function optionalText(label: string, max = SHORT_TEXT_MAX) {
  return z
    .preprocess(
      optionalToString,
      z
        .string({ error: `${label} harus berupa teks` })
        .trim()
        .max(max, `${label} maksimal ${max} karakter`),
    )
    .optional();
}

/** Rich text (HTML) such as descriptions and policies; may carry embedded images. */
export function longText(label: string) {
  return optionalText(label, LONG_TEXT_MAX);
}

export function requiredLongText(label: string) {
  return requiredText(label, LONG_TEXT_MAX);
}

function matching(label: string, pattern: RegExp, message: string, max = SHORT_TEXT_MAX) {
  return z
    .preprocess(
      optionalToString,
      z
        .string({ error: `${label} harus berupa teks` })
        .trim()
        .max(max, `${label} maksimal ${max} karakter`)
        .refine((value) => value === "" || pattern.test(value), message),
    )
    .optional();
}

export const optionalEmail = (label = "Email") =>
  matching(label, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Format email tidak valid");

export const optionalPhone = (label = "Nomor telepon") =>
  matching(label, /^\+?[0-9(][0-9 ()./-]{2,29}$/, `${label} tidak valid`, 30);

/** An absolute http(s) address or a path on this server ("/files/..."). */
const URL_PATTERN = /^(https?:\/\/[^\s/?#]+[^\s]*|\/(?!\/)[^\s]*)$/i;

export const optionalUrl = (label = "URL") => matching(label, URL_PATTERN, `${label} tidak valid`, 2048);

export function requiredUrl(label: string) {
  return requiredText(label, 2048).refine((value) => URL_PATTERN.test(value), `${label} tidak valid`);
}

/** Social network handles are stored bare: a leading "@" is dropped. */
export function optionalHandle(label: string) {
  return matching(label, /^@?[A-Za-z0-9._-]{1,100}$/, `Nama akun ${label} tidak valid`).transform((value) =>
    value?.replace(/^@/, ""),
  );
}

/** The name of a file under /covers (or empty for "no cover"). */
export const optionalCoverName = () =>
  matching("Sampul", STORED_NAME_PATTERN, "Nama berkas sampul tidak valid", 200);

function parseWholeNumber(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (typeof value === "string" && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** A non-negative whole number such as total_books or watched; blank counts as not sent. */
export function optionalCount(label: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .unknown()
      .transform((value, context) => {
        if (value === undefined) return undefined;
        const parsed = parseWholeNumber(value);
        if (parsed === undefined || parsed < 0) {
          context.issues.push({ code: "custom", input: value, message: `${label} harus berupa bilangan bulat positif` });
          return z.NEVER;
        }
        return parsed;
      }),
  );
}

/** A positive integer id. Blank or missing is reported as "wajib". */
export function requiredId(label: string, missingMessage = `${label} wajib diisi`) {
  return z.unknown().transform((value, context) => {
    if (value === undefined || value === null || value === "") {
      context.issues.push({ code: "custom", input: value, message: missingMessage });
      return z.NEVER;
    }
    const parsed = parseWholeNumber(value);
    if (parsed === undefined || parsed < 1) {
      context.issues.push({ code: "custom", input: value, message: `${label} tidak valid` });
      return z.NEVER;
    }
    return parsed;
  });
}

/** An optional reference (e.g. classification_id): blank or null clears it. */
export function optionalReference(label: string) {
  return z
    .unknown()
    .transform((value, context) => {
      if (value === "" || value === null) return null;
      const parsed = parseWholeNumber(value);
      if (parsed === undefined || parsed < 1) {
        context.issues.push({ code: "custom", input: value, message: `${label} tidak valid` });
        return z.NEVER;
      }
      return parsed;
    })
    .optional();
}

/** Booleans stored as 0/1; accepts true/false, 1/0 and their string forms. */
export function optionalFlag(label: string) {
  return z
    .unknown()
    .transform((value, context) => {
      if (value === true || value === 1 || value === "true" || value === "1") return 1;
      if (value === false || value === 0 || value === "false" || value === "0") return 0;
      context.issues.push({ code: "custom", input: value, message: `${label} harus bernilai true atau false` });
      return z.NEVER;
    })
    .optional();
}

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Parses an ISO 8601 date or date-time; returns the normalised ISO string, or undefined when the
 * text is not a real calendar date. A date-time without a zone is read as UTC so the result
 * does not depend on the server's time zone.
 */
function normaliseIsoDate(text: string): string | undefined {
  const match = ISO_DATE_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, , , zone] = match;
  const withZone = hour !== undefined && zone === undefined ? `${text.trim()}Z` : text.trim();
  const date = new Date(withZone);
  if (Number.isNaN(date.getTime())) return undefined;
  // Reject overflowing dates such as 2024-02-31, which Date would roll into March.
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) return undefined;
  return date.toISOString();
}

export function requiredIsoDate(label: string) {
  return z.unknown().transform((value, context) => {
    if (value === undefined || value === null || value === "") {
      context.issues.push({ code: "custom", input: value, message: `${label} wajib diisi` });
      return z.NEVER;
    }
    const normalised = typeof value === "string" ? normaliseIsoDate(value) : undefined;
    if (!normalised) {
      context.issues.push({ code: "custom", input: value, message: "Format tanggal tidak valid" });
      return z.NEVER;
    }
    return normalised;
  });
}

/** Validates input against a schema; the first problem becomes a 400 with its message. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input, { error: () => "Data yang dikirim tidak valid" });
  if (!result.success) {
    throw new HttpError(400, result.error.issues[0]?.message ?? "Data yang dikirim tidak valid");
  }
  return result.data;
}

/** A JSON request body must be an object; anything else (array, missing) is a 400. */
export function jsonObjectBody(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (req.headers["content-type"] !== undefined && !req.is("application/json")) {
    throw new HttpError(400, "Data harus dikirim sebagai JSON (application/json)");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "Data harus berupa objek JSON");
  }
  return body as Record<string, unknown>;
}

/** `/:id` path parameters. */
export function idParam(req: Request): number {
  const raw = req.params.id ?? "";
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw new HttpError(400, "ID tidak valid");
  return Number(raw);
}

export interface Paging {
  /** SQLite LIMIT: -1 means no limit. */
  limit: number;
  offset: number;
}

function queryNumber(req: Request, name: string): number {
  const raw = req.query[name];
  if (raw === undefined || raw === "") return 0;
  if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw)) {
    throw new HttpError(400, `Parameter ${name} harus berupa bilangan bulat positif`);
  }
  return Number(raw);
}

/** `page` is 1-based (0 or missing means 1); `limit` 0 or missing means everything. */
export function readPaging(req: Request): Paging {
  const page = Math.max(1, queryNumber(req, "page"));
  const limit = queryNumber(req, "limit");
  if (limit === 0) return { limit: -1, offset: 0 };
  return { limit, offset: (page - 1) * limit };
}
