import { open, type FileHandle } from "node:fs/promises";
import { fileEndRefusal, type FileBytes } from "~/lib/file-ends";
import { detectAcceptedType, FILE_MESSAGES, FILE_SNIFF_BYTES, type FileAccept } from "~/lib/file-kinds";
import { imageIsWhole } from "./image-header.server.ts";

/**
 * The server's side of the checks of a file's end (app/lib/file-ends.ts, shared with the
 * browser): the streamed relay (multipart/relay.server.ts) holds the last bytes of a file back
 * from the upstream until they are judged (`withJudgedEnd`), and a resumable upload is judged on
 * disk once finished (uploads.server.ts), then again as it is relayed at the save.
 */

export { endCheckOf, type EndCheck } from "~/lib/file-ends";
export { withJudgedEnd } from "./file-ends/end-check.server.ts";

async function bytesAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  if (length === 0) return Buffer.alloc(0);
  const bytes = Buffer.alloc(length);
  const { bytesRead } = await file.read(bytes, 0, length, position);
  return bytes.subarray(0, bytesRead);
}

/** Read in pieces as large as the relay's batches: a picture is followed to its end in a few reads. */
const FOLLOW_READ_BYTES = 1024 * 1024;

/** An open file on disk as a check reads it. */
function diskBytes(file: FileHandle, size: number): FileBytes {
  return {
    size,
    slice: (start, end) => bytesAt(file, start, end - start),
    pieces: () => file.createReadStream({ start: 0, highWaterMark: FOLLOW_READ_BYTES, autoClose: false }),
  };
}

/**
 * Why a finished resumable upload is refused, with its status, or undefined when it is taken:
 * not of its field's kind by its first bytes (415), or its end missing or unusable (422); a
 * picture must also decode to its end (imageIsWhole).
 */
export async function storedFileRefusal(path: string, kind: FileAccept): Promise<{ status: 415 | 422; message: string } | undefined> {
  const file = await open(path, "r");
  let refusal: string | undefined;
  try {
    const mimeType = await detectAcceptedType(await bytesAt(file, 0, FILE_SNIFF_BYTES), kind);
    if (!mimeType) return { status: 415, message: FILE_MESSAGES.wrongType[kind] };
    refusal = await fileEndRefusal(diskBytes(file, (await file.stat()).size), mimeType);
  } finally {
    await file.close();
  }
  if (!refusal && kind === "image" && !(await imageIsWhole(path))) refusal = FILE_MESSAGES.brokenImage;
  return refusal ? { status: 422, message: refusal } : undefined;
}
