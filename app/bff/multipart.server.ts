import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { acceptedFileType } from "~/admin/file-kinds";
import type { FileAccept } from "~/admin/resource";
import { getConfig } from "@server/config.server";
import { checkImageHeader } from "./image-header.server.ts";

/**
 * Streaming form uploads (design principle 7): the browser's multipart body is parsed as it
 * arrives (busboy, from `request.body`), its text fields are checked, each file's first bytes
 * are checked, and only then is a new multipart body streamed on to the upstream, pulled chunk
 * by chunk as the upstream connection takes it. Memory does not grow with the file's size.
 *
 * Remix's `request.formData()` would buffer whole files; nothing here calls it.
 *
 * Order matters and our forms keep it: text fields first, files last. Everything before the
 * first file is read and validated before any upstream request exists; a file is refused from
 * its first bytes, still before the request. Only a problem found later (a file growing past
 * its limit, a second file of the wrong type) happens mid-stream: the outgoing body then fails,
 * which aborts the upstream request, so the upstream discards what it received.
 */

/** What a file must contain: the types each kind accepts are in app/admin/file-kinds.ts. */
export type FileKind = FileAccept;

export interface FileRule {
  kind: FileKind;
  maxBytes: number;
  /** The field's name in messages ("Gambar", "Foto"). */
  label: string;
}

/** A submission refused because of one field; the message is Indonesian and meant for the admin. */
export class FormRejected extends Error {
  constructor(
    readonly field: string,
    message: string,
    /** 413 for a body that is too large, 400 otherwise. */
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
    this.name = "FormRejected";
  }
}

/** The body is not a form we can read (wrong content type, broken multipart, too many parts). */
export class MalformedForm extends Error {
  constructor(message = "malformed form body") {
    super(message);
    this.name = "MalformedForm";
  }
}

const MESSAGES = {
  wrongType: {
    image: "Berkas harus berupa gambar JPEG, PNG, WebP, atau GIF",
    book: "Berkas buku harus berupa PDF atau EPUB",
    video: "Berkas video harus berupa MP4, WebM, atau QuickTime",
  } satisfies Record<FileKind, string>,
  tooLarge: (limitBytes: number) => `Ukuran berkas melebihi batas ${megabytes(limitBytes)}`,
  required: (label: string) => `${label} wajib diunggah`,
  fieldTooLong: "Isian terlalu panjang",
  fieldsTooLarge: (limitBytes: number) => `Isian formulir melebihi batas ${megabytes(limitBytes)}`,
  fieldAfterFile: "Urutan isian formulir tidak valid",
};

const LIMITS = {
  /** Rich text may be long (an about page with its policies); never a file's worth. */
  fieldBytes: 8 * 1024 * 1024,
  fields: 200,
  files: 10,
  parts: 300,
};
/** Multipart framing of the parts around the files, for the Content-Length check. */
const FRAMING_ALLOWANCE_BYTES = 64 * 1024;
/**
 * How much of the browser's body may be read ahead of the upstream: enough to keep both
 * connections busy (a few network reads), far too little to matter for memory.
 */
const READ_AHEAD_BYTES = 1024 * 1024;
/**
 * File bytes are sent on to the upstream in pieces of this size rather than as the small pieces
 * the browser's body arrives in: each write costs the upstream a read, a parser call and a disk
 * write, and with pieces of a few KiB a 1 GiB upload cost it twice the CPU of the same file sent
 * straight (docs/performance.md). One piece is held at a time, and never for longer than the wait.
 */
const UPSTREAM_WRITE_BYTES = 1024 * 1024;
const UPSTREAM_WRITE_MAX_WAIT_MS = 200;
/** As many leading bytes as file-type reads to decide (its `reasonableDetectionSizeInBytes`). */
const SNIFF_BYTES = 4100;

function megabytes(bytes: number): string {
  return `${new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;
}

export interface FieldPart {
  kind: "field";
  name: string;
  value: string;
}

export interface FilePart {
  kind: "file";
  name: string;
  filename: string;
  stream: Readable;
}

export type IncomingPart = FieldPart | FilePart;

/**
 * A form body read part by part, in order. A file part's stream must be read (or is drained
 * by the next `next()`) before later parts arrive: busboy waits for it, and the request body
 * waits for busboy. That chain is the backpressure.
 */
export class IncomingForm {
  private readonly queue: IncomingPart[] = [];
  private failure: Error | undefined;
  private finished = false;
  private wake: (() => void) | undefined;
  private current: FilePart | undefined;
  private discarded = false;
  /** Bytes of text fields (names and values) read so far. */
  fieldBytes = 0;
  /** The fields whose chosen file was read (for the audit log, which names them but keeps no content). */
  readonly chosenFiles = new Set<string>();

  private constructor(
    private readonly source: Readable,
    private readonly parser: busboy.Busboy,
    /** The body's size as the client declared it, when it did. */
    readonly declaredLength: number | undefined,
    /** The text fields' names and values together may not pass this (FORM_MAX_BYTES). */
    private readonly fieldsMaxBytes: number,
  ) {
    // A listener that threw would surface inside busboy's write, as an unhandled rejection with
    // the form never finishing: every event is handled here, and anything odd fails the form.
    parser.on("field", (name: string | undefined, value: string, info: busboy.FieldInfo) => {
      if (!name) {
        // A part without a name (`name=""`, or none at all): nothing a form of ours sends.
        this.fail(new MalformedForm("a part without a name"));
        return;
      }
      if (info.nameTruncated || info.valueTruncated) {
        this.fail(new FormRejected(name, MESSAGES.fieldTooLong, 413));
        return;
      }
      this.fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (this.fieldBytes > fieldsMaxBytes) {
        this.fail(new FormRejected(name, MESSAGES.fieldsTooLarge(fieldsMaxBytes), 413));
        return;
      }
      this.push({ kind: "field", name, value });
    });
    parser.on("file", (name: string | undefined, stream: Readable, info: busboy.FileInfo) => {
      // A file still queued when the body is discarded errors with nobody reading it; its reader, if any, still sees the error.
      stream.on("error", () => {});
      if (!name) {
        stream.resume();
        this.fail(new MalformedForm("a file part without a name"));
        return;
      }
      this.push({ kind: "file", name, filename: info.filename ?? "", stream });
    });
    const tooMany = () => this.fail(new MalformedForm("too many parts"));
    parser.on("partsLimit", tooMany);
    parser.on("filesLimit", tooMany);
    parser.on("fieldsLimit", tooMany);
    parser.on("error", (error: Error) => this.fail(new MalformedForm(error.message)));
    parser.on("close", () => {
      this.finished = true;
      this.notify();
    });
    source.on("error", (error) => this.fail(error));
    source.pipe(parser);
  }

  /** Starts reading a urlencoded or multipart body; other bodies are a MalformedForm. */
  static open(request: Request, { fieldsMaxBytes = getConfig().formMaxBytes }: { fieldsMaxBytes?: number } = {}): IncomingForm {
    const contentType = request.headers.get("content-type") ?? "";
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: {
          // One field is held whole until it ends: never more than all of them may be together.
          fieldSize: Math.min(LIMITS.fieldBytes, fieldsMaxBytes),
          fields: LIMITS.fields,
          files: LIMITS.files,
          parts: LIMITS.parts,
        },
        defParamCharset: "utf8",
      });
    } catch {
      throw new MalformedForm(`not a form: ${contentType || "no content type"}`);
    }
    // The DOM and Node typings describe the same web stream differently.
    const source = request.body
      ? Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>, { highWaterMark: READ_AHEAD_BYTES })
      : Readable.from([]);
    const length = Number(request.headers.get("content-length"));
    return new IncomingForm(source, parser, Number.isFinite(length) && length > 0 ? length : undefined, fieldsMaxBytes);
  }

  /** The next part, or undefined at the end. An unread file before it is drained first. */
  async next(): Promise<IncomingPart | undefined> {
    if (this.current && !this.current.stream.readableEnded) this.current.stream.resume();
    this.current = undefined;
    for (;;) {
      if (this.failure) throw this.failure;
      const part = this.queue.shift();
      if (part) {
        if (part.kind === "file") {
          this.current = part;
          if (part.filename !== "") this.chosenFiles.add(part.name);
        }
        return part;
      }
      if (this.finished) return undefined;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  /**
   * Stops parsing and lets go of the body. Its rest is not this reader's to wait for: the process
   * reads it into nothing after the answer, bounded (server/request-body.server.ts), so that an
   * answer sent before an upload finished still reaches the browser. Safe to call more than once.
   */
  discard(): Promise<void> {
    if (this.discarded) return Promise.resolve();
    this.discarded = true;
    this.source.unpipe(this.parser);
    this.current?.stream.destroy();
    this.parser.destroy();
    if (!this.source.readableEnded) this.source.destroy();
    return Promise.resolve();
  }

  private push(part: IncomingPart) {
    this.queue.push(part);
    this.notify();
  }

  private fail(error: Error) {
    this.failure ??= error;
    this.current?.stream.destroy(error);
    this.notify();
  }

  private notify() {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

export interface LeadingFields {
  /** Every text field before the first chosen file, in order (a name may repeat). */
  fields: Array<[string, string]>;
  /** The first file part of a field in `fileFields` with a file chosen; its stream is unread. */
  firstFile: FilePart | undefined;
}

/**
 * Reads text fields up to the first chosen file. File inputs left empty (no file chosen) and
 * file parts of fields nobody asked for are drained and skipped.
 */
export async function readLeadingFields(form: IncomingForm, fileFields: ReadonlySet<string>): Promise<LeadingFields> {
  const fields: Array<[string, string]> = [];
  for (let part = await form.next(); part; part = await form.next()) {
    if (part.kind === "field") fields.push([part.name, part.value]);
    else if (part.filename !== "" && fileFields.has(part.name)) return { fields, firstFile: part };
  }
  return { fields, firstFile: undefined };
}

/**
 * The MIME type a file is sent upstream as, when its leading bytes (read by file-type, never its
 * name or the browser's claim) show a type its kind accepts.
 */
export async function detectMimeType(head: Uint8Array, kind: FileKind): Promise<string | undefined> {
  try {
    return acceptedFileType(kind, (await fileTypeFromBuffer(head))?.mime);
  } catch {
    // A malformed container can make a parser give up: that is not an accepted file either.
    return undefined;
  }
}

interface InspectedFile {
  part: FilePart;
  rule: FileRule;
  mimeType: string;
  head: Buffer;
  rest: AsyncIterator<Buffer>;
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
  const mimeType = await detectMimeType(head, rule.kind);
  if (!mimeType) throw new FormRejected(part.name, MESSAGES.wrongType[rule.kind]);
  if (rule.kind === "image") {
    // Its dimensions from its header (read on as far as a JPEG needs): over the resizer's pixel limit is refused here.
    const checked = await checkImageHeader(head, rest, rule.maxBytes);
    head = checked.head;
    if (head.length > rule.maxBytes) throw new FormRejected(part.name, MESSAGES.tooLarge(rule.maxBytes), 413);
    if (checked.refusal) throw new FormRejected(part.name, checked.refusal);
  }
  return { part, rule, mimeType, head, rest };
}

/** The file's bytes, failing as soon as they pass its limit. */
async function* limitedBytes({ part, rule, head, rest }: InspectedFile): AsyncGenerator<Uint8Array> {
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
 * The same bytes regrouped into pieces of `size` bytes, except that no byte is held longer than
 * `maxWaitMs`: a slow browser's upload still reaches the upstream as it comes (an upstream may
 * give up on a body that sends nothing for a minute).
 */
export async function* inPiecesOf(size: number, maxWaitMs: number, source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
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
    const piece = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    return piece;
  };
  let finished = false;
  try {
    for (let next = pull(); ; next = pull()) {
      let result = pendingBytes === 0 ? await next : await raceWithDeadline(next, heldSince + maxWaitMs);
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

/** The promise's result, or "late" if it has not settled by `deadline` (a performance.now() time). */
async function raceWithDeadline<T>(promise: Promise<T>, deadline: number): Promise<T | "late"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadline - performance.now()), "late");
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

export type OutgoingPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: AsyncIterable<Uint8Array> };

function quoted(text: string): string {
  // The HTML standard's escaping for multipart names and filenames.
  return text.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/**
 * A multipart/form-data body produced as it is read: each chunk is made (and each file chunk
 * read from its source) only when the consumer pulls, so a slow upstream slows the browser's
 * upload instead of filling memory. If producing fails, the stream errors, which aborts a
 * fetch that is sending it.
 */
export function encodeMultipart(parts: AsyncIterable<OutgoingPart>): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `----DispusipFormBoundary${randomBytes(16).toString("hex")}`;
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for await (const part of parts) {
      if ("value" in part) {
        yield encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"\r\n\r\n${part.value}\r\n`,
        );
        continue;
      }
      yield encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"; filename="${quoted(part.filename)}"\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`,
      );
      yield* inPiecesOf(UPSTREAM_WRITE_BYTES, UPSTREAM_WRITE_MAX_WAIT_MS, part.data);
      yield encoder.encode("\r\n");
    }
    yield encoder.encode(`--${boundary}--\r\n`);
  }
  const iterator = chunks();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await iterator.next();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return(undefined);
      },
    },
    // Nothing is produced ahead of a read: the consumer's pace is the producer's.
    { highWaterMark: 0 },
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
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
  /** Opens the upstream request with the body (e.g. `fetch(url, { body, duplex: "half" })`). */
  send(body: ReadableStream<Uint8Array>, contentType: string): Promise<T>;
}

/**
 * Refuses at once a body whose declared Content-Length is more than all its files may be
 * together, before a byte of it is sent on (without a declared length, each file's limit is
 * enforced as it streams).
 */
export function refuseDeclaredOversize(form: IncomingForm, firstFile: FilePart | undefined, rules: Record<string, FileRule>): void {
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
export async function relayMultipart<T>(form: IncomingForm, plan: RelayPlan<T>): Promise<T> {
  const { firstFile, rules } = plan;
  const required = plan.required ?? [];
  if (!firstFile && required.length > 0) {
    throw new FormRejected(required[0], MESSAGES.required(rules[required[0]]?.label ?? "Berkas"));
  }
  refuseDeclaredOversize(form, firstFile, rules);
  const firstRule = firstFile ? rules[firstFile.name] : undefined;
  const first = firstFile && firstRule ? await inspect(firstFile, firstRule) : undefined;

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
export async function nextFile(form: IncomingForm, rules: Record<string, FileRule>): Promise<FilePart | undefined> {
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
  send: (body: ReadableStream<Uint8Array>, contentType: string) => Promise<T>,
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
