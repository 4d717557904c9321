import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { FILE_MESSAGES, megabytes } from "~/lib/file-kinds";
import type { FileAccept } from "~/lib/file-kinds";
import { getConfig } from "@server/config.server";

/**
 * The browser's form body, read part by part as it arrives (busboy, from `request.body`), with
 * its limits and its refusals. What is sent on to the upstream is in relay.server.ts.
 */
/** What a file must contain: the types each kind accepts are in app/lib/file-kinds.ts. */
export type FileKind = FileAccept;

export interface FileRule {
  kind: FileKind;
  maxBytes: number;
  /** The field's name in messages ("Gambar", "Foto"). */
  label: string;
}

/** A submission refused because of one field; the message is Indonesian and meant for the admin. */
export class FormRejected extends Error {
  readonly field: string;
  /** 413 for a body that is too large, 400 otherwise. */
  readonly status: 400 | 413;

  constructor(
    field: string,
    message: string,
    status: 400 | 413 = 400,
  ) {
    super(message);
    this.field = field;
    this.status = status;
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

export const MESSAGES = {
  wrongType: FILE_MESSAGES.wrongType,
  tooLarge: FILE_MESSAGES.tooLarge,
  required: (label: string) => `${label} wajib diunggah`,
  fieldTooLong: "Isian terlalu panjang",
  fieldsTooLarge: (limitBytes: number) => `Isian formulir melebihi batas ${megabytes(limitBytes)}`,
  fieldAfterFile: "Urutan isian formulir tidak valid",
  /** A browser sends one part for a one-file input; more is no form of ours. */
  repeatedFile: "Isian berkas ini terkirim lebih dari sekali",
  tooManyFields: (limit: number) => `Isian formulir terlalu banyak (paling banyak ${limit} sekaligus)`,
};

const LIMITS = {
  /** Rich text may be long (an about page with its policies); never a file's worth. */
  fieldBytes: 8 * 1024 * 1024,
  fields: 200,
  files: 10,
  parts: 300,
};
/** Multipart framing of the parts around the files, for the Content-Length check. */
export const FRAMING_ALLOWANCE_BYTES = 64 * 1024;
/**
 * How much of the browser's body may be read ahead of the upstream: enough to keep both
 * connections busy (a few network reads), far too little to matter for memory.
 */
const READ_AHEAD_BYTES = 1024 * 1024;

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
  /** The resumable upload it was stored as, when it came from one (stored-uploads.server.ts). */
  uploadId?: string;
}

export type IncomingPart = FieldPart | FilePart;

/**
 * A form read part by part: the browser's body as it arrives (IncomingForm, below), or a form made
 * here from its parts (PartsForm, parts-form.server.ts). The relay and the save read either the same way.
 */
export interface FormReader {
  /** The next part, or undefined at the end; a file part's stream must be read before the next. */
  next(): Promise<IncomingPart | undefined>;
  /** Lets go of what is left unread. Safe to call more than once. */
  discard(): Promise<void>;
  /** Bytes of text fields (names and values) read so far. */
  readonly fieldBytes: number;
  /** The body's size as the client declared it, when it did. */
  readonly declaredLength: number | undefined;
  /** The fields whose chosen file was read (for the audit log, which names them). */
  readonly chosenFiles: ReadonlyMap<string, string>;
}

/**
 * A form body read part by part, in order. A file part's stream must be read (or is drained
 * by the next `next()`) before later parts arrive: busboy waits for it, and the request body
 * waits for busboy. That chain is the backpressure.
 */
export class IncomingForm implements FormReader {
  private readonly queue: IncomingPart[] = [];
  private failure: Error | undefined;
  private finished = false;
  private wake: (() => void) | undefined;
  private current: FilePart | undefined;
  private discarded = false;
  /** Bytes of text fields (names and values) read so far. */
  fieldBytes = 0;
  /**
   * Bytes of the body read while no file part was open: the text fields with their framing, as
   * they arrive. busboy reports a field over its size only at the field's end, after reading the
   * whole of it into nothing; this count refuses it on the way.
   */
  private bytesOutsideFiles = 0;
  /** File parts not yet read to their end. */
  private openFiles = 0;
  /** A file part opened or ended during the chunk being counted: the chunk is not all fields. */
  private fileActivity = false;
  /** The fields whose chosen file was read (for the audit log, which names them but keeps no content). */
  readonly chosenFiles = new Map<string, string>();

  private readonly source: Readable;
  private readonly parser: busboy.Busboy;
  /** The body's size as the client declared it, when it did. */
  readonly declaredLength: number | undefined;
  /** The text fields' names and values together may not pass this (FORM_MAX_BYTES). */
  private readonly fieldsMaxBytes: number;

  private constructor(
    source: Readable,
    parser: busboy.Busboy,
    declaredLength: number | undefined,
    fieldsMaxBytes: number,
  ) {
    this.source = source;
    this.parser = parser;
    this.declaredLength = declaredLength;
    this.fieldsMaxBytes = fieldsMaxBytes;
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
      this.openFiles += 1;
      this.fileActivity = true;
      stream.once("close", () => {
        this.openFiles -= 1;
        this.fileActivity = true;
      });
      this.push({ kind: "file", name, filename: info.filename ?? "", stream });
    });
    const tooMany = () => this.fail(new MalformedForm("too many parts"));
    parser.on("partsLimit", tooMany);
    parser.on("filesLimit", tooMany);
    // A form of ours never comes near it: a clear refusal (413), not an unreadable form.
    parser.on("fieldsLimit", () => this.fail(new FormRejected("", MESSAGES.tooManyFields(LIMITS.fields), 413)));
    parser.on("error", (error: Error) => this.fail(new MalformedForm(error.message)));
    parser.on("close", () => {
      this.finished = true;
      this.notify();
    });
    source.on("error", (error) => this.fail(error));
    source.pipe(parser);
    // After the parser's own listener: the chunk has been parsed, and any file it opened is known.
    source.on("data", (chunk: Buffer) => this.countOutsideFiles(chunk.length));
  }

  private countOutsideFiles(bytes: number) {
    if (this.openFiles > 0 || this.fileActivity) {
      this.fileActivity = false;
      return;
    }
    this.bytesOutsideFiles += bytes;
    if (this.bytesOutsideFiles > this.fieldsMaxBytes + FRAMING_ALLOWANCE_BYTES)
      this.fail(new FormRejected("", MESSAGES.fieldsTooLarge(this.fieldsMaxBytes), 413));
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
          if (part.filename !== "") this.chosenFiles.set(part.name, part.filename);
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
export async function readLeadingFields(form: FormReader, fileFields: ReadonlySet<string>): Promise<LeadingFields> {
  const fields: Array<[string, string]> = [];
  for (let part = await form.next(); part; part = await form.next()) {
    if (part.kind === "field") fields.push([part.name, part.value]);
    else if (part.filename !== "" && fileFields.has(part.name)) return { fields, firstFile: part };
  }
  return { fields, firstFile: undefined };
}
