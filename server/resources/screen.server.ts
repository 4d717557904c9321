import { setTimeout as setTimeoutPromise } from "node:timers/promises";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import * as z from "zod";
import type { AuditRecord, FieldChange } from "~/admin/audit";
import { clip } from "~/admin/format";
import { FORM_MESSAGES } from "~/admin/messages";
import { resolveRelations, schemaAllowingUnresolved, type StoredRelations } from "~/admin/relations";
import type {
  AlertMessage,
  AlertType,
  Cells,
  FieldDefinition,
  FieldOption,
  FileAccept,
  FormValues,
  ResourceDefinition,
  ResourceMessages,
  ScreenActionData,
  ScreenData,
  ScreenRow,
} from "~/admin/resource";
import { isRecordId, readScreenState, screenHref } from "~/admin/url-state";
import { adminPageFor, type AdminPage } from "~/config/admin-nav";
import { formatDayMonthYear, jakartaDay } from "~/lib/dates";
import { fileUrl } from "~/lib/files";
import { fieldChanges, isStoredValue, recordChange } from "../audit.server.ts";
import type { AdminContext } from "../auth.server.ts";
import { getConfig } from "../config.server.ts";
import { redirectWithAlert, takeFlashAlert } from "../flash.server.ts";
import { csvResponse } from "../csv.server.ts";
import { log } from "../log.server.ts";
import {
  FormRejected,
  IncomingForm,
  MalformedForm,
  nextFile,
  readLeadingFields,
  refuseDeclaredOversize,
  relayMultipart,
  type FilePart,
  type FileRule,
} from "../multipart.server.ts";
import { cleanEditorHtml, richTextToPlain } from "../sanitize.server.ts";
import { isUpstreamError, UpstreamError, type Service, type UpstreamClient } from "../upstream.server.ts";
import { uploadLimits } from "../upload-limits.server.ts";
import { keepUnresolvedRelations, NO_RELATION_EDITS, readRelationEdits, relationFieldsOf } from "./relation-edits.server.ts";

/**
 * The list / form / delete machinery every admin screen shares (design principle 4). A route
 * module hands its adapter to `loadScreen` and `screenAction` after its own `requireAdmin`.
 * What differs between resources is in the resource's definition (app/admin/resources) and its
 * adapter (server/resources/*.server.ts), never a branch here.
 */

/** A value as sent upstream: JSON keeps its type, multipart sends text (a list repeats the field). */
export type OutgoingValue = string | number | boolean | null | undefined | string[];
export type OutgoingFields = Record<string, OutgoingValue>;

export interface WriteContext {
  api: UpstreamClient;
  /** The record's id on update. */
  id: string | undefined;
  /** Fields this update leaves as they are stored (relations the form could not show): not sent. */
  omitted: ReadonlySet<string>;
}

export interface WriteCall<Values> {
  method: "POST" | "PUT" | "PATCH";
  /**
   * A partial update (the book's PATCH): a field left out keeps its stored value, so an edit
   * sends only the fields whose value differs from the stored one (all of them when the stored
   * record cannot be read in time).
   */
  partial?: boolean;
  path: string | ((id: string | undefined) => string);
  /** Multipart streams the form's files along; JSON sends the fields only. */
  encoding: "multipart" | "json";
  /** The fields to send; by default the form's values, after the id on update. */
  body?(values: Values, context: WriteContext): OutgoingFields | Promise<OutgoingFields>;
}

/** The chosen files of a submission, one by one in the order the browser sent them. */
export interface IncomingFiles {
  next(): Promise<{ part: FilePart; rule: FileRule } | undefined>;
}

/**
 * A write of the adapter's own making (the video's: each file to its own upload call, then the
 * record as JSON). Refusals are FormRejected, upstream failures UpstreamError or WriteFailed.
 */
export interface StagedWrite<Values> {
  staged(values: Values, files: IncomingFiles, context: WriteContext): Promise<void>;
}

/** A write that failed at a step the adapter names: its Indonesian message is what the admin sees. */
export class WriteFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WriteFailed";
  }
}

/** The choices of a select or pills field, loaded from the upstream with the list. */
export interface Lookup {
  field: string;
  load(api: UpstreamClient): Promise<FieldOption[]>;
  /** Shown when the load fails and the upstream sends no error text of its own. */
  failed: string;
}

/** Turns stored text into what a cell shows: shortened for the table, whole for an export. */
export interface CellText {
  /** Plain text (a textarea's), shortened. */
  summary(text: string): string;
  /** Rich text (HTML), as plain text, shortened. */
  richSummary(html: string): string;
  /** A stored date as DD-MM-YYYY. */
  date(value: string): string;
  /** A stored file name as its URL on this site. */
  file(name: string): string | null;
}

/**
 * One page of a paged list, as the upstream's query takes it: `page` is 1-based, `limit` is the
 * page size (a type alias, so that it is an upstream `Query` as it is).
 */
export type PageRequest = { page: number; limit: number };

export interface ResourceAdapter<Rec, C extends Cells, S extends z.ZodObject> {
  definition: ResourceDefinition<C, S>;
  /** Which upstream serves every call of this resource (default: the main API). */
  service?: Service;
  /** The records: all of them, or only the page asked for when the screen pages. */
  list(api: UpstreamClient, page: PageRequest | undefined): Promise<Rec[]>;
  idOf(record: Rec): string;
  cells(record: Rec, text: CellText): C;
  /** The edit form's starting values (relation fields come from `relations`). */
  formValues(record: Rec): FormValues;
  /**
   * The record's relation fields (its select and pills fields) as stored, by id or by name: the
   * form preselects those its choices name, and an edit leaves the others as they are.
   */
  relations?(record: Rec): StoredRelations;
  /** The current file of each file field (shown in the edit form). */
  files?(record: Rec): Record<string, string | null>;
  create?: WriteCall<z.output<S>> | StagedWrite<z.output<S>>;
  update?: WriteCall<z.output<S>> | StagedWrite<z.output<S>>;
  /** Loaded in parallel with the list; a failed one leaves its field without choices and says why. */
  lookups?: Lookup[];
  /** The DELETE path for a record. */
  removePath?(id: string): string;
  /** Sets the record's status switch (the library's `active`). */
  toggle?(api: UpstreamClient, id: string, on: boolean): Promise<void>;
}

const TABLE_TEXT: CellText = {
  summary: (text) => clip(text),
  richSummary: (html) => clip(richTextToPlain(html)),
  date: formatDayMonthYear,
  file: fileUrl,
};

const EXPORT_TEXT: CellText = {
  summary: (text) => text,
  richSummary: richTextToPlain,
  date: formatDayMonthYear,
  file: fileUrl,
};

let alertCounter = 0;
function alertOf(type: AlertType, message: string): AlertMessage {
  alertCounter = (alertCounter + 1) % Number.MAX_SAFE_INTEGER;
  return { id: `${Date.now().toString(36)}-${alertCounter}`, type, message };
}

function toRow<Rec, C extends Cells, S extends z.ZodObject>(adapter: ResourceAdapter<Rec, C, S>, record: Rec): ScreenRow<C> {
  return {
    id: adapter.idOf(record),
    cells: adapter.cells(record, TABLE_TEXT),
    values: adapter.formValues(record),
    files: adapter.files?.(record) ?? {},
    ...(adapter.relations ? { relations: adapter.relations(record) } : {}),
  };
}

/** The screen's rows (all, the first only, or the page asked for) and its alerts. */
export async function loadScreen<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
) {
  const { definition } = adapter;
  const { page, modal } = readScreenState(new URL(request.url).searchParams);
  // One upstream page per request, whatever the page: a long catalogue pages as fast as a short one.
  const pageRequest: PageRequest | undefined = definition.pageSize ? { page, limit: definition.pageSize } : undefined;

  const [flashed, listed, looked] = await Promise.all([
    takeFlashAlert(admin.session),
    adapter.list(admin.api, pageRequest).then(
      (records) => ({ records }),
      (error: unknown) => {
        // Upstream failure is a state (design principle 6); anything else is a bug and surfaces.
        if (isUpstreamError(error)) return { failed: true as const };
        throw error;
      },
    ),
    // The form's choices (a book's authors, genres, ...) only when the form is open: the list alone stays one call.
    loadLookups(admin.api, modal ? adapter.lookups : []),
  ]);

  const alerts: AlertMessage[] = [];
  if (flashed) alerts.push(alertOf(flashed.alert.type, flashed.alert.message));
  let rows: Array<ScreenRow<C>> = [];
  let paging: ScreenData<C>["paging"] = null;
  if ("records" in listed) {
    const shown = definition.singleRecord ? listed.records.slice(0, 1) : listed.records;
    rows = shown.map((record) => toRow(adapter, record));
    // A full page means there may be more; a short page is the end (the upstream sends no total).
    if (pageRequest) paging = { page, hasMore: listed.records.length >= pageRequest.limit };
  } else {
    alerts.push(alertOf("error", definition.messages.loadFailed));
  }
  for (const failure of looked.failures) alerts.push(alertOf("error", failure));
  const screen: ScreenData<C> = { rows, alerts, paging, ...(adapter.lookups ? { options: looked.options } : {}) };
  return data(screen, { headers: flashed ? { "Set-Cookie": flashed.setCookie } : undefined });
}

/** Every lookup at once (design principle 5); a failure is the upstream's error text or the lookup's own. */
async function loadLookups(api: UpstreamClient, lookups: Lookup[] = []) {
  const results = await Promise.all(
    lookups.map((lookup) =>
      lookup.load(api).then(
        (options) => ({ options, failure: undefined }),
        (error: unknown) => {
          if (!isUpstreamError(error)) throw error;
          return { options: [], failure: error.upstreamMessage ?? lookup.failed };
        },
      ),
    ),
  );
  const options: Record<string, FieldOption[]> = {};
  lookups.forEach((lookup, index) => (options[lookup.field] = results[index].options));
  const failures = results.flatMap((result) => (result.failure ? [result.failure] : []));
  return { options, failures };
}

/** Where the screen goes after an action: its list, on the page it was showing. */
function listLocation(request: Request): string {
  const url = new URL(request.url);
  const query = screenHref(url.searchParams, "list");
  return query === "?" ? url.pathname : `${url.pathname}${query}`;
}

function firstValue(fields: Array<[string, string]>, name: string): string | undefined {
  return fields.find(([fieldName]) => fieldName === name)?.[1];
}

/**
 * A form POSTed by the browser itself (JavaScript off) navigates; Remix's own fetches do not.
 * Only such a request is answered with a redirect where JavaScript would update in place.
 */
function isDocumentSubmission(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  return mode === null || mode === "navigate";
}

function refused(alert: string, status = 400) {
  return data<ScreenActionData>({ alert: alertOf("error", alert) }, { status });
}

/**
 * Handles the screen's forms, told apart by their `intent` field: create, update, delete,
 * toggle. The body is read as a stream; on every path its rest is drained before answering.
 */
export async function screenAction<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
) {
  let form: IncomingForm;
  try {
    form = IncomingForm.open(request);
  } catch (error) {
    if (error instanceof MalformedForm) return refused(FORM_MESSAGES.malformed);
    throw error;
  }
  try {
    const fileRules = fileRulesOf(adapter.definition);
    const { fields, firstFile } = await readLeadingFields(form, new Set(Object.keys(fileRules)));
    const intent = firstValue(fields, "intent");
    const id = firstValue(fields, "id");
    if (intent === "delete" && isRecordId(id)) return await removeRecord(admin, request, adapter, id);
    if (intent === "toggle" && isRecordId(id)) return await toggleRecord(admin, request, adapter, id, firstValue(fields, "on") === "true");
    if (intent === "create" || (intent === "update" && isRecordId(id))) {
      return await saveRecord(admin, request, adapter, { intent, id, fields, firstFile, form, fileRules });
    }
    return refused(FORM_MESSAGES.invalidRequest);
  } catch (error) {
    if (error instanceof MalformedForm) return refused(FORM_MESSAGES.malformed);
    if (error instanceof FormRejected) return refused(error.message, error.status);
    throw error;
  } finally {
    await form.discard();
  }
}

function fileRulesOf(definition: { fields: FieldDefinition[] }): Record<string, FileRule> {
  const limits = uploadLimits();
  const maxBytes: Record<FileAccept, number> = { image: limits.imageMaxBytes, book: limits.bookMaxBytes, video: limits.videoMaxBytes };
  const rules: Record<string, FileRule> = {};
  for (const field of definition.fields) {
    if (field.type === "file" && field.accept) {
      rules[field.name] = { kind: field.accept, maxBytes: maxBytes[field.accept], label: field.label };
    }
  }
  return rules;
}

/**
 * Every field of the schema, in its order (an emptied optional field is sent empty), after the
 * id; not the fields the update leaves as stored, nor those the spec sends on update only.
 */
function defaultBody(definition: { schema: z.ZodObject; fields: FieldDefinition[] }, values: Record<string, unknown>, context: WriteContext): OutgoingFields {
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
function multipartEntries(body: OutgoingFields): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) entries.push([name, item]);
    else entries.push([name, value === null || value === undefined ? "" : String(value)]);
  }
  return entries;
}

/** An emptied field goes as "" (text can be cleared), but a number field as null: "" is no number. */
function jsonBody(body: OutgoingFields, fields: FieldDefinition[]): Record<string, Exclude<OutgoingValue, undefined>> {
  const numbers = new Set(fields.filter((field) => field.type === "number").map((field) => field.name));
  const json: Record<string, Exclude<OutgoingValue, undefined>> = {};
  for (const [name, value] of Object.entries(body)) json[name] = value === undefined ? (numbers.has(name) ? null : "") : value;
  return json;
}

interface Submitted {
  intent: "create" | "update";
  id: string | undefined;
  fields: Array<[string, string]>;
  firstFile: Awaited<ReturnType<typeof readLeadingFields>>["firstFile"];
  form: IncomingForm;
  fileRules: Record<string, FileRule>;
}

async function saveRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
  { intent, id, fields, firstFile, form, fileRules }: Submitted,
) {
  const { definition } = adapter;
  const call = intent === "create" ? adapter.create : adapter.update;
  const success = intent === "create" ? definition.messages.created : definition.messages.updated;
  const failure = intent === "create" ? definition.messages.createFailed : definition.messages.updateFailed;
  if (!call || !failure) return refused(FORM_MESSAGES.invalidRequest);

  const relationFields = adapter.relations ? relationFieldsOf(definition.fields) : new Map<string, FieldDefinition>();
  const relationEdits = intent === "update" ? readRelationEdits(fields, relationFields) : NO_RELATION_EDITS;
  const formData = new FormData();
  for (const [name, value] of fields) formData.append(name, value);
  const submission = parseWithZod(formData, { schema: schemaAllowingUnresolved(definition.schema, relationEdits.unresolved.keys()) });
  if (submission.status !== "success") {
    return data<ScreenActionData>({ result: submission.reply() }, { status: 400 });
  }

  const values: Record<string, unknown> = { ...submission.value };
  for (const field of definition.fields) {
    const value = values[field.name];
    if (field.type === "textEditor" && typeof value === "string") values[field.name] = cleanEditorHtml(value);
  }
  const omitted = keepUnresolvedRelations(values, relationEdits, relationFields);
  const typedValues = values as z.output<S>;
  const context: WriteContext = { api: admin.api, id: intent === "update" ? id : undefined, omitted };
  // Read before the write, or the stored values would already be the new ones.
  const before = context.id === undefined ? undefined : await storedRecord(admin, request, adapter, context.id, { withChoices: true });
  if (before && "partial" in call && call.partial) {
    for (const field of definition.fields) {
      // A relation the form could not show, or cleared on purpose, was settled by its marker above.
      if (field.type === "file" || relationEdits.unresolved.has(field.name) || relationEdits.cleared.has(field.name)) continue;
      if (isStoredValue(field, before.values[field.name], values[field.name])) omitted.add(field.name);
    }
  }
  const audit = auditOf(admin, request, definition, before?.label);
  const changes = () => fieldChanges(definition.fields, before?.values, values, form.chosenFiles);

  try {
    if ("staged" in call) {
      refuseDeclaredOversize(form, firstFile, fileRules);
      let pending = firstFile;
      const files: IncomingFiles = {
        async next() {
          const part = pending ?? (await nextFile(form, fileRules));
          pending = undefined;
          return part ? { part, rule: fileRules[part.name] } : undefined;
        },
      };
      await call.staged(typedValues, files, context);
      audit.ok(intent, context.id ?? null, changes);
      return redirectWithAlert(admin.session, listLocation(request), success ? { type: "success", message: success } : undefined);
    }
    const upstreamRequest = {
      method: call.method,
      path: typeof call.path === "function" ? call.path(context.id) : call.path,
      service: adapter.service,
    };
    const body = call.body ? await call.body(typedValues, context) : defaultBody(definition, values, context);
    let answer: unknown;
    if (call.encoding === "json") {
      answer = await admin.api.call(z.unknown(), { ...upstreamRequest, json: jsonBody(body, definition.fields) });
    } else {
      const required = intent === "create" ? definition.fields.filter((field) => field.requiredOnCreate).map((field) => field.name) : [];
      answer = await relayMultipart(form, {
        fields: multipartEntries(body),
        firstFile,
        rules: fileRules,
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
    audit.ok(intent, context.id ?? createdId(answer), changes);
  } catch (error) {
    if (error instanceof FormRejected) {
      return data<ScreenActionData>(
        { result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) },
        { status: error.status },
      );
    }
    if (isUpstreamError(error) || error instanceof WriteFailed) {
      audit.failed(intent, context.id ?? null, changes, error);
      const message = error instanceof WriteFailed ? error.message : failureMessage(definition.messages, failure, error);
      return data<ScreenActionData>({ result: submission.reply(), alert: alertOf("error", message) }, { status: refusalStatus(error) });
    }
    throw error;
  }
  return redirectWithAlert(admin.session, listLocation(request), success ? { type: "success", message: success } : undefined);
}

/** How long a change waits for the stored record the audit log names and compares with; past it, the log does without. */
const STORED_RECORD_WAIT_MS = 2000;

/** What the audit log keeps of a record as it was before a change. */
interface StoredRecord {
  /** Its form values, relations as the form showed them. */
  values: FormValues;
  /** Its title or name, as the table names the row. */
  label: string;
}

/**
 * The record as stored, from the list page the form or the delete question was opened on (one
 * upstream read, like the screen's own; with the form's choices when relations must be matched).
 * Undefined when it cannot be had in time: the change goes on.
 */
async function storedRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
  { withChoices }: { withChoices: boolean },
): Promise<StoredRecord | undefined> {
  const { pageSize, fields } = adapter.definition;
  const page = pageSize ? { page: readScreenState(new URL(request.url).searchParams).page, limit: pageSize } : undefined;
  // Relations stored by name are compared as the form showed them: matched against the choices.
  const choices = withChoices && adapter.relations ? loadLookups(admin.api, adapter.lookups) : undefined;
  const found = Promise.all([adapter.list(admin.api, page), choices]).then(([records, looked]) => {
    const record = records.find((candidate) => adapter.idOf(candidate) === id);
    if (record === undefined) return undefined;
    const label = adapter.definition.rowLabel(adapter.cells(record, EXPORT_TEXT));
    const values = adapter.formValues(record);
    if (!adapter.relations) return { values, label };
    return { values: { ...values, ...resolveRelations(adapter.relations(record), looked?.options, fields).values }, label };
  });
  const timer = new AbortController();
  // Cancelled once the read wins: its rejection then means nothing.
  const late = setTimeoutPromise(STORED_RECORD_WAIT_MS, undefined, { signal: timer.signal }).catch(() => undefined);
  try {
    return await Promise.race([found, late]);
  } catch (error) {
    log("audit_stored_values_unavailable", { error: error instanceof Error ? error.message : String(error) });
    return undefined;
  } finally {
    timer.abort();
    // A read that lost the race may still fail; nobody waits for it any more.
    found.catch(() => undefined);
  }
}

/** The id the upstream gave a new record, when its answer names one (`{data: {id}}`, `{id}`, `{author: {id}}`...). */
function createdId(answer: unknown): string | null {
  if (typeof answer !== "object" || answer === null) return null;
  const candidates = [answer, ...Object.values(answer)];
  for (const candidate of candidates) {
    if (typeof candidate !== "object" || candidate === null || !("id" in candidate)) continue;
    const { id } = candidate;
    if (typeof id === "string" || typeof id === "number") return String(id);
  }
  return null;
}

/**
 * Records an action of this screen in the audit log, done or refused by the upstream. The
 * changes are worked out inside the guard too: nothing about the record can fail the action.
 */
function auditOf(admin: AdminContext, request: Request, definition: { key: string }, recordLabel?: string) {
  const record = (entry: Omit<AuditRecord, "actor" | "resource" | "changes">, changes: () => FieldChange[]) => {
    try {
      recordChange({
        actor: { id: String(admin.user.id), email: admin.user.email },
        resource: adminPageFor(new URL(request.url).pathname)?.segment ?? definition.key,
        ...(recordLabel === undefined ? {} : { recordLabel }),
        ...entry,
        changes: changes(),
      });
    } catch (error) {
      log("audit_record_failed", { action: entry.action, error: error instanceof Error ? error.message : String(error) });
    }
  };
  return {
    ok(action: AuditRecord["action"], recordId: string | null, changes: () => FieldChange[]) {
      record({ action, recordId, outcome: "ok" }, changes);
    },
    failed(action: AuditRecord["action"], recordId: string | null, changes: () => FieldChange[], error: UpstreamError | WriteFailed) {
      const upstreamStatus = isUpstreamError(error) ? error.status : 0;
      record({ action, recordId, outcome: "failed", ...(upstreamStatus ? { upstreamStatus } : {}) }, changes);
    },
  };
}

/**
 * The status of a change the upstream did not make: 404 when the record is gone (deleted in
 * another tab), 422 when the upstream refused what was sent, 502 when it failed itself.
 */
function refusalStatus(error: UpstreamError | WriteFailed): 404 | 422 | 502 {
  if (!isUpstreamError(error) || error.kind !== "http") return 502;
  if (error.status === 404 || error.status === 410) return 404;
  return [400, 409, 413, 422].includes(error.status) ? 422 : 502;
}

/** The screen's failure message, or the upstream's own text where the screen prefers it. */
function failureMessage(messages: ResourceMessages, fallback: string, error: UpstreamError): string {
  return messages.preferUpstreamError && error.upstreamMessage ? error.upstreamMessage : fallback;
}

async function removeRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
) {
  const { definition } = adapter;
  if (!definition.remove || !adapter.removePath) return refused(FORM_MESSAGES.invalidRequest);
  let alert: { type: AlertType; message: string } | undefined;
  // Read before the delete: afterwards the record, and so its name, is gone.
  const before = await storedRecord(admin, request, adapter, id, { withChoices: false });
  const audit = auditOf(admin, request, definition, before?.label);
  try {
    await admin.api.call(z.unknown(), { method: "DELETE", path: adapter.removePath(id), service: adapter.service });
    audit.ok("delete", id, () => []);
    if (definition.messages.deleted) alert = { type: "success", message: definition.messages.deleted };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    audit.failed("delete", id, () => [], error);
    alert = { type: "error", message: failureMessage(definition.messages, definition.messages.deleteFailed ?? definition.messages.loadFailed, error) };
  }
  return redirectWithAlert(admin.session, listLocation(request), alert);
}

async function toggleRecord<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
  id: string,
  on: boolean,
) {
  const { definition } = adapter;
  if (!definition.toggle || !adapter.toggle) return refused(FORM_MESSAGES.invalidRequest);
  const failure = definition.messages.toggleFailed ?? definition.messages.loadFailed;
  let failed: UpstreamError | undefined;
  const audit = auditOf(admin, request, definition);
  const label = definition.toggle.label;
  const change = (): FieldChange[] => [{ field: "status", label, kind: "text", from: on ? "Tidak" : "Ya", to: on ? "Ya" : "Tidak" }];
  try {
    await adapter.toggle(admin.api, id, on);
    audit.ok("toggle", id, change);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    audit.failed("toggle", id, change, error);
    failed = error;
  }
  if (isDocumentSubmission(request)) {
    return redirectWithAlert(admin.session, listLocation(request), failed ? { type: "error", message: failure } : undefined);
  }
  // With JavaScript the row changes in place (spec §4): no redirect, no reload of the list.
  return failed
    ? data<ScreenActionData>({ alert: alertOf("error", failure) }, { status: refusalStatus(failed) })
    : data<ScreenActionData>({ toggled: { id, on } });
}

/** Records asked of the upstream per call while exporting a paged list. */
const EXPORT_PAGE_SIZE = 100;

/**
 * The list as a CSV download (the toolbar's Export): the table's columns with whole texts and
 * absolute file URLs, every record of every page, streamed one upstream page at a time. The
 * first page is read before answering, so an upstream that is down sends the admin back to the
 * screen with its load-failure alert; a later page that fails aborts the download.
 */
export async function exportCsv<Rec, C extends Cells, S extends z.ZodObject>(
  admin: AdminContext,
  request: Request,
  adapter: ResourceAdapter<Rec, C, S>,
  screen: AdminPage,
): Promise<Response> {
  const { definition } = adapter;
  const pages = recordPages(admin.api, adapter);
  let first: IteratorResult<Rec[], void>;
  try {
    first = await pages.next();
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return redirectWithAlert(admin.session, `/admin/${screen.segment}`, { type: "error", message: definition.messages.loadFailed });
  }

  const origin = new URL(request.url).origin;
  const header = definition.columns.map((column) => column.header);
  if (definition.toggle) header.push(definition.toggle.label);
  const rowOf = (record: Rec) => {
    const cells = adapter.cells(record, EXPORT_TEXT);
    const line = definition.columns.map((column) => {
      const value = cells[column.accessor];
      if (column.display === "image" && typeof value === "string") return new URL(value, origin).href;
      return value === null ? "" : String(value);
    });
    if (definition.toggle) line.push(definition.toggle.isOn(cells) ? "Ya" : "Tidak");
    return line;
  };
  async function* batches(): AsyncGenerator<string[][], void, undefined> {
    for (let next = first; !next.done; next = await pages.next()) yield next.value.map(rowOf);
  }
  return csvResponse({ fileName: exportFileName(screen), header, batches: batches(), logName: screen.segment });
}

/** E.g. `kegiatan-2026-11-22.csv`: the screen's name and the agency's date (Asia/Jakarta) today. */
export function exportFileName(screen: AdminPage, now = new Date()): string {
  const stem = screen.alias.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${stem || screen.segment}-${jakartaDay(now)}.csv`;
}

/** An upstream that ignored `page` would send its first page forever: the export fails instead. */
class PagingIgnored extends Error {
  constructor(resource: string) {
    super(`${resource}: the upstream sent the same page again`);
    this.name = "PagingIgnored";
  }
}

/** The records, one upstream page at a time; a list that does not page comes in one piece. */
async function* recordPages<Rec, C extends Cells, S extends z.ZodObject>(
  api: UpstreamClient,
  adapter: ResourceAdapter<Rec, C, S>,
): AsyncGenerator<Rec[], void, undefined> {
  if (!adapter.definition.pageSize) {
    yield await adapter.list(api, undefined);
    return;
  }
  let previousFirstId: string | undefined;
  for (let page = 1; ; page += 1) {
    const records = await adapter.list(api, { page, limit: EXPORT_PAGE_SIZE });
    const firstId = records.length > 0 ? adapter.idOf(records[0]) : undefined;
    if (firstId !== undefined && firstId === previousFirstId) throw new PagingIgnored(adapter.definition.key);
    previousFirstId = firstId;
    if (records.length > 0) yield records;
    // A short page is the end (the upstream sends no total).
    if (records.length < EXPORT_PAGE_SIZE) return;
  }
}

/** For adapters: a record the upstream does not have (e.g. gone between list and toggle). */
export function missingRecord(call: string): UpstreamError {
  return new UpstreamError("http", 404, undefined, call);
}

