import * as z from "zod";
import type { Cells, FieldDefinition } from "~/admin-kit/screen";
import { getConfig } from "@server/config.server";
import type { AdminContext } from "~/platform/auth.server";
import { nextFile, refuseDeclaredOversize, relayMultipart, type FileRule, type FormReader, type FilePart } from "~/platform/multipart.server";
import type { IncomingFiles, OutgoingFields, OutgoingValue, ResourceAdapter, StagedWrite, WriteCall, WriteContext } from "./adapter.server.ts";

/**
 * A save's upstream write: the form's values as the screen's call sends them (JSON, or multipart
 * with the form's files streamed on as they arrive), or the adapter's own staged write.
 */

/**
 * Every field of the schema, in its order (an emptied optional field is sent empty), after the
 * id; not the fields the update leaves as stored, nor those the spec sends on update only.
 */
export function defaultBody(definition: { schema: z.ZodObject; fields: readonly FieldDefinition[] }, values: Record<string, unknown>, context: WriteContext): OutgoingFields {
  const { id, omitted } = context;
  const updateOnly = new Set(definition.fields.filter((field) => field.updateOnly).map((field) => field.name));
  const body: OutgoingFields = id === undefined ? {} : { id };
  for (const name of Object.keys(definition.schema.shape)) {
    if (omitted.has(name) || (id === undefined && updateOnly.has(name))) continue;
    body[name] = values[name] as OutgoingValue;
  }
  return body;
}

/** Multipart fields as text, in order; missing optional values are sent empty so an edit can clear them. */
export function multipartEntries(body: OutgoingFields): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) entries.push([name, item]);
    else entries.push([name, value === null || value === undefined ? "" : String(value)]);
  }
  return entries;
}

/** An emptied field goes as "" (text can be cleared), but a number field as null: "" is no number. */
export function jsonBody(body: OutgoingFields, fields: readonly FieldDefinition[]): Record<string, Exclude<OutgoingValue, undefined>> {
  const numbers = new Set(fields.filter((field) => field.type === "number").map((field) => field.name));
  const json: Record<string, Exclude<OutgoingValue, undefined>> = {};
  for (const [name, value] of Object.entries(body)) json[name] = value === undefined ? (numbers.has(name) ? null : "") : value;
  return json;
}

/** The form's body as it arrived: its files still to be read, the first one already met. */
export interface FormFiles {
  form: FormReader;
  firstFile: FilePart | undefined;
  rules: Record<string, FileRule>;
}

/** Sends the write; resolves with the upstream's answer (nothing, for a staged write). */
export async function sendWrite<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  adapter: ResourceAdapter<Rec, C, S>,
  call: WriteCall<z.output<S>> | StagedWrite<z.output<S>>,
  values: Record<string, unknown>,
  context: WriteContext,
  { form, firstFile, rules }: FormFiles,
): Promise<unknown> {
  const { definition } = adapter;
  // What the update leaves as stored goes as the upstream sent it.
  const sent = context.asStored ? { ...values, ...context.asStored } : values;
  const typedValues = sent as z.output<S>;
  if ("staged" in call) {
    refuseDeclaredOversize(form, firstFile, rules);
    let pending = firstFile;
    const files: IncomingFiles = {
      async next() {
        const part = pending ?? (await nextFile(form, rules));
        pending = undefined;
        return part ? { part, rule: rules[part.name] } : undefined;
      },
    };
    await call.staged(typedValues, files, context);
    return undefined;
  }
  const upstreamRequest = { method: call.method, path: typeof call.path === "function" ? call.path(context.id) : call.path, service: adapter.service };
  const body = call.body ? await call.body(typedValues, context) : defaultBody(definition, sent, context);
  if (call.encoding === "json") return admin.api.call(z.unknown(), { ...upstreamRequest, json: jsonBody(body, definition.fields) });
  const required = context.id === undefined ? definition.fields.filter((field) => field.requiredOnCreate).map((field) => field.name) : [];
  return relayMultipart(form, {
    fields: multipartEntries(body),
    firstFile,
    rules,
    required,
    send: (stream, contentType) =>
      admin.api.call(z.unknown(), {
        ...upstreamRequest,
        body: stream,
        contentType,
        // A large file on a slow link takes longer than an ordinary call may.
        timeoutMs: getConfig().requestTimeoutMs,
      }),
  });
}
