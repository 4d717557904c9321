import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { blobBytes, fileEndRefusal } from "~/lib/file-ends";
import { detectAcceptedType, FILE_MESSAGES, FILE_SNIFF_BYTES } from "~/lib/file-kinds";
import { formatIndonesianNumber, numberFieldLeft } from "~/lib/format";
import type { FileAccept } from "~/admin-kit/screen";
import { fileHandleInputProps } from "./file-handle-input";

/** The controls of FormField.tsx that do more than a native element: a number's format, a file's check and preview. */

export type ControlProps = {
  id: string;
  name: string;
  form?: string;
  disabled?: boolean;
  required?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/**
 * Spec §5: shown as 1.234.567; reformatted when the admin leaves the field; the server parses it.
 * A stored value that reads as no number (another tool's "± 40") is shown as it is and left so
 * while the admin leaves it: only what the admin types is emptied for not being a number.
 */
export function NumberInput({ defaultValue, ...props }: ControlProps & { defaultValue: string }) {
  const shown = formatIndonesianNumber(defaultValue) || defaultValue;
  return (
    <input
      {...props}
      type="text"
      inputMode="decimal"
      defaultValue={shown}
      onBlur={(event) => {
        event.currentTarget.value = numberFieldLeft(event.currentTarget.value, shown);
      }}
    />
  );
}

interface FileCheck {
  kind: FileAccept;
  maxBytes?: number;
  /** The refusal of the chosen file, or undefined when it may be sent (or none is chosen). */
  onChecked(refusal: string | undefined): void;
}

/** Said (as the input's own validity) while a chosen file's first bytes are being read: the form waits for the answer. */
const CHECKING_FILE = "Berkas sedang diperiksa";

/** Fired on a file input once its check has ended, the file accepted or refused. */
export const FILE_CHECKED_EVENT = "kit-file-checked";

/** Whether a chosen file is still being checked (a save asked meanwhile waits for it: ResourceForm). */
export function isBeingChecked(input: HTMLInputElement): boolean {
  return input.validationMessage === CHECKING_FILE;
}

/**
 * Checks a chosen file before anything is sent, by the server's rules (app/lib/file-kinds.ts,
 * app/lib/file-ends.ts): its size, then its type from its first bytes, then its end. A refused
 * file makes the input invalid, which holds the form back (ResourceForm), and is named under the
 * field.
 */
function useFileCheck(check: FileCheck | undefined) {
  const latest = useRef(0);
  return async (input: HTMLInputElement) => {
    if (!check) return;
    const attempt = ++latest.current;
    const file = input.files?.[0];
    let refusal: string | undefined;
    if (file && check.maxBytes !== undefined && file.size > check.maxBytes) {
      refusal = FILE_MESSAGES.tooLarge(check.maxBytes);
    } else if (file) {
      input.setCustomValidity(CHECKING_FILE);
      const head = new Uint8Array(await file.slice(0, FILE_SNIFF_BYTES).arrayBuffer());
      const mimeType = await detectAcceptedType(head, check.kind);
      // A file cut short is told now, not once it has been sent whole (a book may be hundreds of
      // MB). A browser that cannot read it so (an old one, a file gone from the disk) leaves it to the server's check.
      refusal = mimeType ? await fileEndRefusal(blobBytes(file), mimeType).catch(() => undefined) : FILE_MESSAGES.wrongType[check.kind];
    }
    // Another file chosen meanwhile: its own check decides.
    if (attempt !== latest.current) return;
    input.setCustomValidity(refusal ?? "");
    check.onChecked(refusal);
    input.dispatchEvent(new Event(FILE_CHECKED_EVENT));
  };
}

/**
 * A file input that shows the stored image and, with JavaScript, the chosen one before upload.
 * A file that is not an image (a book, a video) is offered as a link instead.
 */
export function ImageInput({
  currentFileUrl,
  hydrated,
  accept,
  isImage,
  check,
  ...props
}: ControlProps & { currentFileUrl?: string | null; hydrated: boolean; accept?: string; isImage: boolean; check?: FileCheck }) {
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const checkFile = useFileCheck(check);

  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview.url);
    };
  }, [preview]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    void checkFile(event.currentTarget);
    setPreview(file && file.type.startsWith("image/") ? { url: URL.createObjectURL(file), name: file.name } : null);
  };

  if (!isImage) {
    return (
      <div className="kit-image-input">
        <input
          {...props}
          type="file"
          accept={accept}
          onChange={hydrated ? (event) => void checkFile(event.currentTarget) : undefined}
          // A book or a video: chosen so that the file can be read again after the tab is closed.
          {...(hydrated ? fileHandleInputProps(accept) : {})}
        />
        {currentFileUrl ? (
          <a href={currentFileUrl} target="_blank" rel="noreferrer" className="kit-current-file">
            Berkas saat ini
          </a>
        ) : null}
      </div>
    );
  }

  return (
    <div className="kit-image-input">
      <input {...props} type="file" accept={accept} onChange={hydrated ? choose : undefined} />
      {preview || currentFileUrl ? (
        <div className="kit-image-previews">
          {currentFileUrl ? (
            <figure className={preview ? "kit-image-preview kit-image-replaced" : "kit-image-preview"}>
              <img src={currentFileUrl} alt="Gambar saat ini" />
              <figcaption>{preview ? "Akan diganti" : "Gambar saat ini"}</figcaption>
            </figure>
          ) : null}
          {preview ? (
            <figure className="kit-image-preview">
              <img src={preview.url} alt={`Pratinjau ${preview.name}`} />
              <figcaption>Pratinjau gambar baru</figcaption>
            </figure>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
