import { Upload } from "tus-js-client";
import type { UploadDraft } from "./kept-uploads";

/**
 * One file of a form sent as a resumable upload (tus-js-client, to the site's `/admin/uploads`,
 * app/platform/uploads.server.ts), resuming the draft's upload of the same file where there is one
 * and noting in the draft how far it went. Loaded, with tus-js-client, when a form with files is
 * sent (./UploadProgress.tsx).
 */

const UPLOADS_ENDPOINT = "/admin/uploads";
/** Each request carries at most this much of a file: a request cut short costs at most this. */
export const CHUNK_BYTES = 50 * 1024 * 1024;
/** A dropped connection is tried again after these pauses (about two minutes in all) before the admin is told. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000];

/** What stops the uploads of one save: set by the cancel, read here. */
export interface UploadControl {
  stopped: boolean;
  current?: { abort(terminate?: boolean): Promise<void> };
  field?: string;
}

/** The server's Indonesian refusal of an upload (too large, wrong type, disk full); undefined for a lost connection. */
export function uploadRefusal(error: unknown): string | undefined {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
  const status = response?.getStatus() ?? 0;
  const text = response?.getBody().trim() ?? "";
  return status >= 400 && status < 500 && text !== "" && text.length < 300 ? text : undefined;
}

interface Options {
  screen: string;
  draft: UploadDraft | undefined;
  control: UploadControl;
  /** Bytes of this file the site has (including what it had before this page). */
  onProgress(sent: number): void;
}

/** Uploads `file` for `field`; resolves with the finished upload's id. */
export function uploadFile({ field, file, uploadUrl }: { field: string; file: File; uploadUrl?: string }, { screen, draft, control, onProgress }: Options): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const addressOf = () => new URL(upload.url ?? "", window.location.href).pathname;
    const upload = new Upload(file, {
      endpoint: UPLOADS_ENDPOINT,
      // The draft's upload of this very file: on from what the site has.
      uploadUrl: uploadUrl ?? null,
      metadata: { screen, field, filename: file.name },
      // The site takes GET, HEAD and POST: PATCH goes as a POST that names it.
      overridePatchMethod: true,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      onProgress,
      onUploadUrlAvailable: () => {
        const address = addressOf();
        // A new upload (none kept, or the kept one lost) starts from nothing.
        draft?.note(field, address === uploadUrl ? { uploadUrl: address } : { uploadUrl: address, offset: 0, finished: false });
      },
      onChunkComplete: (_chunk, accepted) => draft?.note(field, { offset: accepted }),
      onSuccess: () => {
        draft?.note(field, { offset: file.size, finished: true });
        resolve(addressOf().split("/").pop() ?? "");
      },
      onError: reject,
    });
    control.current = upload;
    control.field = field;
    // A file sent before, as far as it went (the browser remembers where): on from there.
    if (uploadUrl) upload.start();
    else
      void upload.findPreviousUploads().then(
        (previous) => {
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          if (!control.stopped) upload.start();
        },
        () => upload.start(),
      );
  });
}
