import type { DragEvent, MouseEvent } from "react";
import type { ReadableFileHandle } from "~/lib/file-handles";

/**
 * A large file's input (a book, a video) whose file can be read again after the tab was closed
 * (app/lib/file-handles.ts): where the browser has the File System Access API (Chromium), a click
 * opens `showOpenFilePicker` instead of the plain chooser and a drop notes the dropped file's
 * handle; the chosen file is then put in the input as any other, and the form sends it as before.
 * Elsewhere, and without JavaScript, the input is the plain one.
 */

interface PickerWindow {
  showOpenFilePicker?(options: { types?: Array<{ description: string; accept: Record<string, string[]> }>; multiple?: boolean }): Promise<ReadableFileHandle[]>;
}

/** Notes a chosen file's handle (app/lib/file-handles.ts, loaded when a file is first chosen this way). */
const noteHandle = () => import("~/lib/file-handles").then(({ noteChosenHandle }) => noteChosenHandle);

/** The picker's types from an `accept` list ("video/mp4,.mp4"): the extensions go with the first type. */
function pickerTypes(accept: string): Array<{ description: string; accept: Record<string, string[]> }> {
  const parts = accept.split(",").map((part) => part.trim());
  const types = parts.filter((part) => part.includes("/"));
  const extensions = parts.filter((part) => part.startsWith("."));
  if (types.length === 0) return [];
  return [{ description: "Berkas", accept: Object.fromEntries(types.map((type, index) => [type, index === 0 ? extensions : []])) }];
}

/** Puts `file` in `input` as if chosen there, telling the form (its check, its unsaved state). */
function chooseInto(input: HTMLInputElement, file: File) {
  const chosen = new DataTransfer();
  chosen.items.add(file);
  input.files = chosen.files;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

/** The input's handlers that keep a chosen file's handle; none where the browser cannot give one. */
export function fileHandleInputProps(accept: string | undefined) {
  const picker = typeof window === "undefined" ? undefined : (window as PickerWindow).showOpenFilePicker;
  if (!picker) return {};
  return {
    onClick(event: MouseEvent<HTMLInputElement>) {
      const input = event.currentTarget;
      event.preventDefault();
      picker
        .call(window, { types: accept ? pickerTypes(accept) : undefined, multiple: false })
        .then(async ([handle]) => (await noteHandle())(handle))
        .then((file) => file && chooseInto(input, file))
        .catch((error: unknown) => {
          // Closed without a choice: nothing changes. Refused (a policy): the plain chooser instead.
          if ((error as { name?: string }).name !== "AbortError") input.showPicker?.();
        });
    },
    onDrop(event: DragEvent<HTMLInputElement>) {
      // Asked for while the drop is under way; the browser puts the file in the input itself.
      const item = event.dataTransfer.items[0] as (DataTransferItem & { getAsFileSystemHandle?(): Promise<ReadableFileHandle | null> }) | undefined;
      void item
        ?.getAsFileSystemHandle?.()
        .then(async (handle) => (await noteHandle())(handle))
        .catch(() => undefined);
    },
  };
}
