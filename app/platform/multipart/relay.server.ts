import { randomBytes } from "node:crypto";
import { detectAcceptedType, FILE_SNIFF_BYTES as SNIFF_BYTES } from "~/lib/file-kinds";
import { endCheckOf, withJudgedEnd, type EndCheck } from "~/platform/file-ends.server";
import { checkImageHeader } from "~/platform/image-header.server";
import type { StreamedBody } from "~/platform/upstream-transport.server";
import { verdictWithin } from "@server/shared-verdict.server";
import { FRAMING_ALLOWANCE_BYTES, FormRejected, MESSAGES, type FilePart, type FileRule, type FormReader } from "./incoming.server.ts";

/**
 * What goes on to the upstream: each file checked by its first bytes, then a new multipart body
 * streamed as the upstream connection takes it (see ../multipart.server.ts).
 */

/**
 * File bytes are sent on to the upstream in batches of this size rather than as the small pieces
 * the browser's body arrives in: each write costs the upstream a read, a parser call and a disk
 * write, and with pieces of a few KiB a 1 GiB upload cost it twice the CPU of the same file sent
 * straight (docs/performance.md). A batch is written in one `writev` of its pieces, not copied
 * into one buffer (that copy and its garbage were a third of the relay's CPU). One batch is held
 * at a time, and never for longer than the wait.
 */
export const UPSTREAM_WRITE_BYTES = 1024 * 1024;
const UPSTREAM_WRITE_MAX_WAIT_MS = 200;
interface InspectedFile {
  part: FilePart;
  rule: FileRule;
  mimeType: string;
  head: Buffer;
  rest: AsyncIterator<Buffer>;
  /** What its end must show (file-ends.server.ts): none for a video. */
  end: EndCheck | undefined;
}

/** Reads a file's first bytes and refuses it when they are not of its field's kind. */
async function inspect(part: FilePart, rule: FileRule): Promise<InspectedFile> {
  const rest = part.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const { value, done } = await rest.next();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  let head: Buffer = Buffer.concat(chunks);
  if (head.length > rule.maxBytes) throw new FormRejected(part.name, MESSAGES.tooLarge(rule.maxBytes), 413);
  // The browser's own check (app/lib/file-kinds.ts), run again on the bytes that arrived.
  const mimeType = await detectAcceptedType(head, rule.kind);
  if (!mimeType) throw new FormRejected(part.name, MESSAGES.wrongType[rule.kind]);
  if (rule.kind === "image") {
    // Its dimensions from its header (read on as far as a JPEG needs): over the resizer's pixel limit is refused here.
    const checked = await checkImageHeader(head, rest, rule.maxBytes);
    head = checked.head;
    if (head.length > rule.maxBytes) throw new FormRejected(part.name, MESSAGES.tooLarge(rule.maxBytes), 413);
    if (checked.refusal) throw new FormRejected(part.name, checked.refusal);
  }
  return { part, rule, mimeType, head, rest, end: endCheckOf(mimeType) };
}

/**
 * The file's bytes, failing as soon as they pass its limit; its last bytes held back until its
 * end is judged whole (16 bytes of a picture, 64 KiB of a book: each piece is cut once, the batches
 * stay as they were; a video has no check and passes untouched).
 */
function limitedBytes(file: InspectedFile): AsyncIterable<Uint8Array> {
  const bytes = boundedBytes(file);
  return file.end ? withJudgedEnd(bytes, file.end, (message) => new FormRejected(file.part.name, message)) : bytes;
}

async function* boundedBytes({ part, rule, head, rest }: InspectedFile): AsyncGenerator<Uint8Array> {
  let total = head.length;
  yield head;
  for (;;) {
    const { value, done } = await rest.next();
    if (done) return;
    total += value.length;
    if (total > rule.maxBytes) throw new FormRejected(part.name, MESSAGES.tooLarge(rule.maxBytes), 413);
    yield value;
  }
}

/**
 * The same pieces grouped into batches of at least `size` bytes (the last one smaller), except
 * that no piece is held longer than `maxWaitMs`: a slow browser's upload still reaches the
 * upstream as it comes (an upstream may give up on a body that sends nothing for a minute).
 */
export async function* inBatchesOf(size: number, maxWaitMs: number, source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array[]> {
  const chunks = source[Symbol.asyncIterator]();
  const pull = () => {
    const next = chunks.next();
    // Seen by the await below, or by nobody when the consumer stops first: never unhandled.
    next.catch(() => {});
    return next;
  };
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let heldSince = 0;
  const takePending = () => {
    const batch = pending;
    pending = [];
    pendingBytes = 0;
    return batch;
  };
  let finished = false;
  try {
    for (let next = pull(); ; next = pull()) {
      let result = pendingBytes === 0 ? await next : await verdictWithin<IteratorResult<Uint8Array> | "late">(next, heldSince + maxWaitMs - performance.now(), () => "late");
      while (result === "late") {
        yield takePending();
        result = await next;
      }
      if (result.done) break;
      if (pendingBytes === 0) heldSince = performance.now();
      pending.push(result.value);
      pendingBytes += result.value.length;
      if (pendingBytes >= size) yield takePending();
    }
    finished = true;
    if (pendingBytes > 0) yield takePending();
  } finally {
    // Stops the source when the consumer stopped first; whatever that ends with has nobody to tell.
    if (!finished) chunks.return?.(undefined).catch(() => {});
  }
}

export type OutgoingPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: AsyncIterable<Uint8Array> };

function quoted(text: string): string {
  // The HTML standard's escaping for multipart names and filenames.
  return text.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

const newBoundary = () => `----DispusipFormBoundary${randomBytes(16).toString("hex")}`;
const fieldPart = (boundary: string, name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`;

/**
 * A body of text fields alone, whole: a few kilobytes at most (the form's own fields), sent as
 * one buffer with its length. A streamed body costs a pipeline of web streams per call, which an
 * import's thousand saves in a row turned into garbage the heap kept growing over.
 */
export function encodeMultipartFields(fields: ReadonlyArray<readonly [string, string]>): { body: Uint8Array; contentType: string } {
  const boundary = newBoundary();
  const text = fields.map(([name, value]) => fieldPart(boundary, name, value)).join("") + `--${boundary}--\r\n`;
  return { body: Buffer.from(text, "utf8"), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A multipart/form-data body produced as it is sent: each batch is made (and each file's bytes
 * read from their source) only when the sender asks for it, so a slow upstream slows the
 * browser's upload instead of filling memory. If producing fails, the sender's request fails
 * with it, so the upstream never takes half a body for a whole one.
 */
export function encodeMultipart(parts: AsyncIterable<OutgoingPart>): { body: StreamedBody; contentType: string } {
  const boundary = newBoundary();
  const text = (value: string) => [Buffer.from(value, "utf8")];
  async function* batches(): AsyncGenerator<Uint8Array[]> {
    for await (const part of parts) {
      if ("value" in part) {
        yield text(fieldPart(boundary, part.name, part.value));
        continue;
      }
      yield text(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"; filename="${quoted(part.filename)}"\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`,
      );
      yield* inBatchesOf(UPSTREAM_WRITE_BYTES, UPSTREAM_WRITE_MAX_WAIT_MS, part.data);
      yield text("\r\n");
    }
    yield text(`--${boundary}--\r\n`);
  }
  return { body: batches(), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface RelayPlan<T> {
  /** Text fields to send, already validated and converted; they go first. */
  fields: Array<[string, string]>;
  /** From `readLeadingFields`. */
  firstFile: FilePart | undefined;
  /** The file fields that may be sent, and what each must be. */
  rules: Record<string, FileRule>;
  /** File fields without which the upstream must not be called. */
  required?: readonly string[];
  /** Opens the upstream request with the body: streamed when a file goes with it, else the fields' bytes whole. */
  send(body: StreamedBody | Uint8Array, contentType: string): Promise<T>;
}

/**
 * Refuses at once a body whose declared Content-Length is more than all its files may be
 * together, before a byte of it is sent on (without a declared length, each file's limit is
 * enforced as it streams).
 */
export function refuseDeclaredOversize(form: FormReader, firstFile: FilePart | undefined, rules: Record<string, FileRule>): void {
  const ceiling = form.fieldBytes + FRAMING_ALLOWANCE_BYTES + Object.values(rules).reduce((sum, rule) => sum + rule.maxBytes, 0);
  if (firstFile && form.declaredLength !== undefined && form.declaredLength > ceiling) {
    const rule = rules[firstFile.name];
    throw new FormRejected(firstFile.name, MESSAGES.tooLarge(rule?.maxBytes ?? 0), 413);
  }
}

/**
 * Streams the rest of `form` to the upstream as a new multipart body. Throws FormRejected for a
 * refused file: before `send` is called when the problem shows in the first bytes, otherwise
 * by failing the body mid-way (the upstream request is aborted). Other failures of `send`
 * (the upstream's answers) pass through unchanged. The caller drains `form` afterwards.
 */
export async function relayMultipart<T>(form: FormReader, plan: RelayPlan<T>): Promise<T> {
  const { firstFile, rules } = plan;
  const required = plan.required ?? [];
  if (!firstFile && required.length > 0) {
    throw new FormRejected(required[0], MESSAGES.required(rules[required[0]]?.label ?? "Berkas"));
  }
  refuseDeclaredOversize(form, firstFile, rules);
  const firstRule = firstFile ? rules[firstFile.name] : undefined;
  const first = firstFile && firstRule ? await inspect(firstFile, firstRule) : undefined;
  if (!first) {
    // No file to send (and none after: the form's files begin with its first): the fields alone.
    const fieldsOnly = encodeMultipartFields(plan.fields);
    return plan.send(fieldsOnly.body, fieldsOnly.contentType);
  }

  let rejection: FormRejected | undefined;
  /** Remembers a refusal on its way out, since the aborted upload surfaces as a network error. */
  async function* recorded<V>(source: AsyncIterable<V>): AsyncGenerator<V> {
    try {
      yield* source;
    } catch (error) {
      if (error instanceof FormRejected) rejection = error;
      throw error;
    }
  }
  async function* parts(): AsyncGenerator<OutgoingPart> {
    for (const [name, value] of plan.fields) yield { name, value };
    const sent = new Set<string>();
    for (let file = first; file; ) {
      sent.add(file.part.name);
      yield { name: file.part.name, filename: file.part.filename, contentType: file.mimeType, data: recorded(limitedBytes(file)) };
      file = undefined;
      for (let part = await form.next(); part; part = await form.next()) {
        if (part.kind === "field") throw new FormRejected(part.name, MESSAGES.fieldAfterFile);
        const rule = rules[part.name];
        if (part.filename === "" || !rule) continue;
        file = await inspect(part, rule);
        break;
      }
    }
    const missing = required.find((field) => !sent.has(field));
    if (missing) throw new FormRejected(missing, MESSAGES.required(rules[missing]?.label ?? "Berkas"));
  }
  const { body, contentType } = encodeMultipart(recorded(parts()));
  try {
    return await plan.send(body, contentType);
  } catch (error) {
    throw rejection ?? error;
  }
}

/**
 * The next chosen file of a field in `rules`, its stream unread; file inputs left empty and
 * fields nobody asked for are skipped. A text field after a file is refused (see the top).
 */
export async function nextFile(form: FormReader, rules: Record<string, FileRule>): Promise<FilePart | undefined> {
  for (let part = await form.next(); part; part = await form.next()) {
    if (part.kind === "field") throw new FormRejected(part.name, MESSAGES.fieldAfterFile);
    if (part.filename !== "" && rules[part.name]) return part;
  }
  return undefined;
}

/**
 * Streams one file as a multipart body of its own, under `fieldName`, to `send` (an upload
 * call of its own, like the video's). Refused by its first bytes before `send` is called, or
 * mid-way by its limit, which aborts the upstream request; the upstream's answers pass through.
 */
export async function relayFile<T>(
  file: FilePart,
  rule: FileRule,
  fieldName: string,
  send: (body: StreamedBody, contentType: string) => Promise<T>,
): Promise<T> {
  const inspected = await inspect(file, rule);
  let rejection: FormRejected | undefined;
  /** Remembers a refusal on its way out, since the aborted upload surfaces as a network error. */
  async function* bytes(): AsyncGenerator<Uint8Array> {
    try {
      yield* limitedBytes(inspected);
    } catch (error) {
      if (error instanceof FormRejected) rejection = error;
      throw error;
    }
  }
  async function* parts(): AsyncGenerator<OutgoingPart> {
    yield { name: fieldName, filename: file.filename, contentType: inspected.mimeType, data: bytes() };
  }
  const { body, contentType } = encodeMultipart(parts());
  try {
    return await send(body, contentType);
  } catch (error) {
    throw rejection ?? error;
  }
}

/** A file checked by its first bytes (FormRejected when they are not of its kind), its bytes failing past its limit: for a file kept here rather than sent on. */
export async function checkedFileBytes(file: FilePart, rule: FileRule): Promise<{ mimeType: string; bytes: AsyncIterable<Uint8Array> }> {
  const inspected = await inspect(file, rule);
  return { mimeType: inspected.mimeType, bytes: limitedBytes(inspected) };
}
