import type { SubmissionResult } from "@conform-to/react";
import type * as z from "zod";
import { FormRejected, IncomingForm, MalformedForm, readLeadingFields } from "./multipart.server.ts";

/**
 * Reading a form without files, and what a refused form may echo back (issue 20, point 1).
 *
 * The body's size is bounded before the app reads it (server/request-body.server.ts, at
 * FORM_MAX_BYTES); here it is parsed with the same streaming reader as the admin forms, so a
 * body of the wrong type, broken multipart or a part without a name is a refusal in Indonesian
 * rather than an exception.
 */

export const FORM_UNREADABLE = "Formulir tidak dapat dibaca. Silakan coba kirim ulang.";

export type TextForm = { ok: true; formData: FormData } | { ok: false; status: 400 | 413; message: string };

/** Text fields read from a body, in order, as the FormData conform parses. */
export function formDataOf(fields: Array<[string, string]>): FormData {
  const formData = new FormData();
  for (const [name, value] of fields) formData.append(name, value);
  return formData;
}

/** Every text field of a urlencoded or multipart body, in order; file parts are skipped unread. */
export async function readTextForm(request: Request): Promise<TextForm> {
  let form: IncomingForm;
  try {
    form = IncomingForm.open(request);
  } catch (error) {
    if (error instanceof MalformedForm) return { ok: false, status: 400, message: FORM_UNREADABLE };
    throw error;
  }
  try {
    const { fields } = await readLeadingFields(form, new Set());
    return { ok: true, formData: formDataOf(fields) };
  } catch (error) {
    if (error instanceof MalformedForm) return { ok: false, status: 400, message: FORM_UNREADABLE };
    if (error instanceof FormRejected) return { ok: false, status: error.status, message: error.message };
    throw error;
  } finally {
    await form.discard();
  }
}

type Payload = NonNullable<SubmissionResult["initialValue"]>[string];

/** A value cut to `max` characters (strings in lists too); nested values are not ours and are dropped. */
function capped(value: Payload, max: number): Payload | undefined {
  if (typeof value === "string") return value.length > max ? value.slice(0, max) : value;
  if (Array.isArray(value)) {
    return value.slice(0, 100).flatMap((item) => (typeof item === "string" ? [item.length > max ? item.slice(0, max) : item] : []));
  }
  return undefined;
}

/** What a field without a maximum of its own (rich text) may echo: the form's whole limit bounds it anyway. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

/** The longest text a field's schema takes (`.max()`), through optional, default, pipes and lists. */
export function maxLengthOf(schema: z.core.$ZodType | undefined): number | undefined {
  if (!schema) return undefined;
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => maxLengthOf(def[key] as z.core.$ZodType | undefined);
  switch (def.type) {
    case "string": {
      const maxima = ((def.checks ?? []) as z.core.$ZodCheck[]).flatMap((check) => {
        const { check: kind, maximum } = check._zod.def as { check: string; maximum?: unknown };
        return kind === "max_length" && typeof maximum === "number" ? [maximum] : [];
      });
      return maxima.length ? Math.min(...maxima) : undefined;
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return inner("innerType");
    case "array":
      return inner("element");
    case "pipe": {
      const limits = [inner("in"), inner("out")].filter((limit): limit is number => limit !== undefined);
      return limits.length ? Math.min(...limits) : undefined;
    }
    default:
      return undefined;
  }
}

/** What a field the form has outside its schema (a file input, `intent`, `id`) may echo. */
const OTHER_FIELD_MAX = 255;

/**
 * A conform reply that echoes only the form's own fields, each cut to its maximum length
 * (`.max()` in the schema; `otherFields`, which the form has outside its schema, to 255
 * characters): a refused form shows the visitor what they typed, never a megabyte of it, and
 * never fields the form does not have. Errors stay on the form's own fields.
 */
export function boundedReply<E>(
  result: SubmissionResult<E>,
  schema: z.ZodObject,
  { otherFields = [] }: { otherFields?: Iterable<string> } = {},
): SubmissionResult<E> {
  const others = new Set(otherFields);
  const known = new Set([...Object.keys(schema.shape), ...others]);
  const initialValue: Record<string, Payload> = {};
  for (const [name, value] of Object.entries(result.initialValue ?? {})) {
    if (!known.has(name)) continue;
    const max = name in schema.shape ? (maxLengthOf(schema.shape[name] as z.core.$ZodType) ?? UNBOUNDED) : OTHER_FIELD_MAX;
    const kept = capped(value, max);
    if (kept !== undefined) initialValue[name] = kept;
  }
  const error = result.error ? errorsByField(result.error, known) : result.error;
  const validated = result.state?.validated;
  return {
    ...result,
    ...(result.initialValue ? { initialValue } : {}),
    ...(result.fields ? { fields: result.fields.filter((name) => known.has(name)) } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(validated
      ? { state: { ...result.state, validated: Object.fromEntries(Object.entries(validated).filter(([name]) => known.has(name))) } }
      : {}),
  };
}

/** A field's own name in an error key of one of its items: `tags[0]` → `tags`. */
const fieldOf = (key: string) => key.replace(/[[.].*$/, "");

/**
 * The errors of the form's own fields, those of a list's items (`tags[0]`) moved to the list,
 * where the form shows them: a refused list item must never leave the admin without a message.
 */
function errorsByField<E>(errors: Record<string, E | null>, known: ReadonlySet<string>): Record<string, E | null> {
  const byField: Record<string, E | null> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const field = fieldOf(key);
    if (key !== "" && !known.has(field)) continue;
    const before = byField[field];
    byField[field] =
      Array.isArray(before) && Array.isArray(messages) ? ([...new Set([...before, ...messages])] as E) : (before ?? messages);
  }
  return byField;
}

/**
 * The same request with `formData` as its body (urlencoded), for code that reads the form
 * itself (remix-auth's FormStrategy) after it was read here: headers and signal kept.
 */
export function requestWithForm(request: Request, formData: FormData): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
  const body = new URLSearchParams();
  for (const [name, value] of formData) if (typeof value === "string") body.append(name, value);
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}
