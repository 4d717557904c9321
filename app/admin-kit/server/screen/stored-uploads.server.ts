import type { FileHandle } from "node:fs/promises";
import type { FieldDefinition } from "~/admin-kit/screen";
import type { AdminContext } from "~/platform/auth.server";
import { PartsForm, readLeadingFields, UPSTREAM_WRITE_BYTES, type FilePart, type IncomingPart } from "~/platform/multipart.server";
import { storedUpload } from "~/platform/uploads.server";

/**
 * A form whose files went ahead as resumable uploads (app/platform/uploads.server.ts): it names each
 * finished upload in a field `_upload_<file field>`. Such a form is turned back into the form it
 * stands for, the files read from the upload store in the form's own order, so that saving it
 * is saving any form: the same checks, the same relay to the upstream, memory as flat.
 */

const PREFIX = "_upload_";

export interface StoredUploadForm {
  form: PartsForm;
  fields: Array<[string, string]>;
  firstFile: FilePart | undefined;
  /** The uploads it was made of, to delete once the record is saved. */
  uploadIds: string[];
}

/** The uploads a form names, by file field, in the form's order of file fields. */
function references(fields: Array<[string, string]>, fileFields: readonly FieldDefinition[]): Array<{ field: string; id: string }> {
  const named = new Map(fields.filter(([name]) => name.startsWith(PREFIX)).map(([name, id]) => [name.slice(PREFIX.length), id]));
  return fileFields.flatMap((field) => (named.has(field.name) ? [{ field: field.name, id: named.get(field.name) ?? "" }] : []));
}

export function namesStoredUploads(fields: Array<[string, string]>): boolean {
  return fields.some(([name]) => name.startsWith(PREFIX));
}

/**
 * The form a submission naming stored uploads stands for; a refusal (an upload that is not this
 * admin's, not this field's, unfinished or gone; 503 when the upload folder cannot be read) when
 * it cannot be made.
 */
export async function formWithStoredUploads(
  admin: AdminContext,
  definition: { id: string; fields: readonly FieldDefinition[] },
  fields: Array<[string, string]>,
): Promise<StoredUploadForm | { refusal: string; status?: 503 }> {
  const fileFields = definition.fields.filter((field) => field.type === "file");
  const found: Array<{ field: string; id: string; file: FileHandle; filename: string }> = [];
  for (const reference of references(fields, fileFields)) {
    const stored = await storedUpload(admin, reference.id, { screen: definition.id, field: reference.field });
    if ("refusal" in stored) {
      await Promise.all(found.map(({ file }) => file.close()));
      return stored;
    }
    found.push({ ...reference, file: stored.file, filename: stored.filename });
  }

  const parts: IncomingPart[] = fields.filter(([name]) => !name.startsWith(PREFIX)).map(([name, value]) => ({ kind: "field", name, value }));
  // Read in pieces as large as the relay sends: fewer reads, each batch one buffer. Each stream
  // closes its file when it ends or is destroyed (PartsForm destroys those left unread).
  for (const { field, id, file, filename } of found) {
    parts.push({ kind: "file", name: field, filename, stream: file.createReadStream({ highWaterMark: UPSTREAM_WRITE_BYTES }), uploadId: id });
  }
  const form = new PartsForm(parts);
  const leading = await readLeadingFields(form, new Set(fileFields.map((field) => field.name)));
  return { form, ...leading, uploadIds: found.map((entry) => entry.id) };
}
