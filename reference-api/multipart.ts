import busboy from "busboy";
import type { Request } from "express";
import { createWriteStream } from "node:fs";
import { rename } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { HttpError } from "./errors.ts";
import { detectFileType, SNIFF_BYTES, WRONG_TYPE_MESSAGES, type DetectedType, type FileKind } from "./file-types.ts";
import { newStoredName, removeFile, type Storage, type StorageArea } from "./storage.ts";

/** Where a file field is stored, what it must contain, and how the field is named in messages. */
export interface FileRule {
  area: StorageArea;
  kind: FileKind;
  label: string;
}

export type FileRules = Record<string, FileRule>;

/** Rich-text fields may embed images as data URLs, so a field may be large (but never a file). */
const MAX_FIELD_BYTES = 8 * 1024 * 1024;
/** Room for all text fields together and multipart framing on top of the files themselves. */
const FIELDS_ALLOWANCE_BYTES = 16 * 1024 * 1024;
/**
 * A file is written to disk in pieces of up to 4 MiB gathered from the body, not one libuv write
 * per 64 KiB read: with the streams' default buffers receiving 1 GiB cost 3.9 CPU-s,
 * with these 2.0, and on one machine with the BFF that CPU is the BFF's too (docs/performance.md,
 * "The upstream's own receive"). At most some 6 MiB per upload in progress.
 */
const RECEIVE_BUFFER_BYTES = 1024 * 1024;
const DISK_WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

interface StagedFile {
  field: string;
  rule: FileRule;
  tempPath: string;
  finalPath?: string;
  storedName?: string;
  detected?: DetectedType;
  /** Settles once the write stream has released its descriptor, so unlinking cannot race it. */
  closed: Promise<void>;
}

/**
 * A parsed multipart request whose files sit under temporary names in their final folders.
 * The caller validates the fields, then either `commit()`s (rename to permanent names) or
 * `discard()`s; after a commit, `discard()` removes the permanent files, so a failed database
 * write leaves nothing behind either.
 */
export class ReceivedUpload {
  private readonly fields: Map<string, string[]>;
  private readonly staged: StagedFile[];

  constructor(
    fields: Map<string, string[]>,
    staged: StagedFile[],
  ) {
    this.fields = fields;
    this.staged = staged;
  }

  /** Each field's first value, as a plain object for schema validation. */
  firstValues(): Record<string, string> {
    return Object.fromEntries([...this.fields].map(([name, list]) => [name, list[0]]));
  }

  /** All values of a repeated field (`genres[]` and `genres` are the same field). */
  allValues(name: string): string[] | undefined {
    return this.fields.get(name);
  }

  hasFile(field: string): boolean {
    return this.staged.some((file) => file.field === field);
  }

  /** Renames every staged file to a fresh permanent name; returns field → stored name. */
  async commit(): Promise<Record<string, string>> {
    const names: Record<string, string> = {};
    for (const file of this.staged) {
      const storedName = newStoredName(file.detected?.extension ?? "bin");
      const finalPath = join(dirname(file.tempPath), storedName);
      await rename(file.tempPath, finalPath);
      file.finalPath = finalPath;
      file.storedName = storedName;
      names[file.field] = storedName;
    }
    return names;
  }

  async discard(): Promise<void> {
    await removeStaged(this.staged);
  }
}

async function removeStaged(staged: StagedFile[]): Promise<void> {
  await Promise.all(
    staged.map(async (file) => {
      await file.closed;
      await removeFile(file.finalPath ?? file.tempPath);
    }),
  );
}

/**
 * Passes a file through unchanged once its leading bytes show an accepted type; fails the
 * pipeline (so nothing more is written) as soon as they do not.
 */
class ContentSniffer extends Transform {
  detected?: DetectedType;
  private head: Buffer = Buffer.alloc(0);

  private readonly kind: FileKind;
  private readonly label: string;

  constructor(
    kind: FileKind,
    label: string,
  ) {
    super();
    this.kind = kind;
    this.label = label;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.detected) {
      callback(null, chunk);
      return;
    }
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < SNIFF_BYTES) {
      callback();
      return;
    }
    this.decide(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.detected) {
      callback();
      return;
    }
    if (this.head.length === 0) {
      callback(new HttpError(400, `Berkas ${this.label} kosong`));
      return;
    }
    this.decide(callback);
  }

  private decide(callback: TransformCallback): void {
    detectFileType(this.head, this.kind).then((detected) => {
      if (!detected) {
        callback(new HttpError(400, WRONG_TYPE_MESSAGES[this.kind]));
        return;
      }
      this.detected = detected;
      const head = this.head;
      this.head = Buffer.alloc(0);
      callback(null, head);
    }, callback);
  }
}

/**
 * Failures of our own disk (no space, no permission) stay server errors (500, logged); anything
 * else that breaks a file stream comes from the request body, which is the client's fault.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (typeof error === "object" && error !== null && "syscall" in error) return error;
  return new HttpError(400, "Unggahan gagal diproses");
}

/** "4 GB", "100 MB", "512 KB": the limit as an admin would read it. */
function readableSize(bytes: number): string {
  const units: Array<[number, string]> = [
    [1024 ** 3, "GB"],
    [1024 ** 2, "MB"],
    [1024, "KB"],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`.replace(".", ",");
  }
  return `${bytes} byte`;
}

/**
 * Streams a multipart/form-data request: text fields are collected, each file named in `rules`
 * is type-checked from its first bytes and written straight to a temporary file (memory stays
 * flat whatever the size; chunked bodies without Content-Length are fine). Unknown file fields
 * and empty file inputs (no file chosen) are skipped. On any failure, including the client
 * aborting, every temporary file is removed before the promise rejects.
 */
export function receiveMultipart(
  req: Request,
  storage: Storage,
  rules: FileRules,
  maxFileBytes: number,
): Promise<ReceivedUpload> {
  const contentType = req.headers["content-type"] ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    return Promise.reject(new HttpError(400, "Data harus dikirim sebagai multipart/form-data"));
  }
  const declaredLength = Number(req.headers["content-length"] ?? 0);
  const fileCount = Math.max(1, Object.keys(rules).length);
  if (declaredLength > maxFileBytes * fileCount + FIELDS_ALLOWANCE_BYTES) {
    return Promise.reject(new HttpError(413, `Ukuran berkas melebihi batas ${readableSize(maxFileBytes)}`));
  }

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        highWaterMark: RECEIVE_BUFFER_BYTES,
        fileHwm: RECEIVE_BUFFER_BYTES,
        limits: { fileSize: maxFileBytes, fieldSize: MAX_FIELD_BYTES, fields: 500, files: 10, parts: 600 },
      });
    } catch {
      reject(new HttpError(400, "Format multipart tidak valid"));
      return;
    }

    const fields = new Map<string, string[]>();
    const staged: StagedFile[] = [];
    const writes: Promise<void>[] = [];
    const openSources = new Set<Readable>();
    let fieldBytes = 0;
    let failed = false;

    const fail = (error: unknown): void => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      for (const source of openSources) source.destroy();
      // Keep reading (and discarding) the rest of the body so the error response can be sent.
      req.resume();
      void Promise.allSettled(writes)
        .then(() => removeStaged(staged))
        .then(() => reject(asUploadError(error)));
    };

    if (req.destroyed) {
      reject(new HttpError(400, "Unggahan dibatalkan"));
      return;
    }
    req.on("close", () => {
      if (!req.complete) fail(new HttpError(400, "Unggahan dibatalkan"));
    });

    parser.on("field", (rawName, value, info) => {
      if (failed) return;
      const name = rawName.endsWith("[]") ? rawName.slice(0, -2) : rawName;
      fieldBytes += rawName.length + value.length;
      if (info.nameTruncated || info.valueTruncated || fieldBytes > FIELDS_ALLOWANCE_BYTES) {
        fail(new HttpError(413, `Isian ${name} terlalu panjang`));
        return;
      }
      const list = fields.get(name);
      if (list) list.push(value);
      else fields.set(name, [value]);
    });

    parser.on("file", (field, source, info) => {
      const rule = rules[field];
      if (failed || !rule || !info.filename) {
        source.resume();
        return;
      }
      if (staged.some((file) => file.field === field)) {
        source.resume();
        fail(new HttpError(400, `Hanya boleh mengunggah satu berkas ${rule.label}`));
        return;
      }
      const tempPath = storage.tempPath(rule.area);
      const output = createWriteStream(tempPath, { flags: "wx", highWaterMark: DISK_WRITE_BUFFER_BYTES });
      const file: StagedFile = {
        field,
        rule,
        tempPath,
        closed: new Promise((settle) => output.once("close", () => settle())),
      };
      staged.push(file);
      const sniffer = new ContentSniffer(rule.kind, rule.label);
      source.once("limit", () => {
        source.destroy(new HttpError(413, `Ukuran berkas melebihi batas ${readableSize(maxFileBytes)}`));
      });
      openSources.add(source);
      writes.push(
        pipeline(source, sniffer, output)
          .then(() => {
            file.detected = sniffer.detected;
          }, fail)
          .finally(() => openSources.delete(source)),
      );
    });

    const tooMany = (): void => fail(new HttpError(400, "Jumlah isian atau berkas terlalu banyak"));
    parser.on("partsLimit", tooMany);
    parser.on("filesLimit", tooMany);
    parser.on("fieldsLimit", tooMany);
    parser.on("error", () => fail(new HttpError(400, "Format multipart tidak valid")));
    parser.on("close", () => {
      void Promise.all(writes).then(() => {
        if (!failed) resolve(new ReceivedUpload(fields, staged));
      });
    });

    req.pipe(parser);
  });
}
