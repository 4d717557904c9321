import { createStore, delMany, get, keys, set, type UseStore } from "idb-keyval";
import type { DraftKey } from "./form-drafts";

/**
 * A form draft's file handles (Chromium's File System Access): a file chosen through
 * `showOpenFilePicker` or dropped (`DataTransferItem.getAsFileSystemHandle()`) can be read again
 * after the tab was closed, so that its upload resumes without choosing it again. Only the handle
 * is kept (IndexedDB, through idb-keyval), never the file's bytes; it is read again after the
 * browser's permission. Keyed like the drafts (owner, screen, record) and the field; dropped with
 * its draft and at logout. Where IndexedDB or the API is missing every function here does nothing.
 */

/** The part of FileSystemFileHandle used here (permission calls are not in TypeScript's DOM types yet). */
export interface ReadableFileHandle {
  readonly kind: "file" | "directory";
  getFile(): Promise<File>;
  queryPermission?(options: { mode: "read" }): Promise<PermissionState>;
  requestPermission?(options: { mode: "read" }): Promise<PermissionState>;
}

/** Handles of files chosen on this page, by file (its name, size and date), until the draft keeps them. */
const chosenHandles = new Map<string, ReadableFileHandle>();

function fileKey(file: Pick<File, "name" | "size" | "lastModified">): string {
  return `${file.name}\n${file.size}\n${file.lastModified}`;
}

/** Notes the handle a file came from (the picker, a drop): the draft keeps it when the form is sent. */
export async function noteChosenHandle(handle: ReadableFileHandle | null | undefined): Promise<File | undefined> {
  if (!handle || handle.kind !== "file") return undefined;
  const file = await handle.getFile();
  chosenHandles.set(fileKey(file), handle);
  return file;
}

export function chosenHandleOf(file: File): ReadableFileHandle | undefined {
  return chosenHandles.get(fileKey(file));
}

/** Where the handles are kept: IndexedDB by default; tests pass their own. */
export interface HandleStore {
  get(name: string): Promise<ReadableFileHandle | undefined>;
  set(name: string, handle: ReadableFileHandle): Promise<void>;
  names(): Promise<string[]>;
  delete(names: string[]): Promise<void>;
}

let indexedStore: HandleStore | undefined;
/** The browser's IndexedDB store of handles; undefined without IndexedDB (a server, a locked-down browser). */
function browserStore(): HandleStore | undefined {
  if (typeof indexedDB === "undefined") return undefined;
  if (indexedStore) return indexedStore;
  const store: UseStore = createStore("form-draft-files", "handles");
  indexedStore = {
    get: (name) => get<ReadableFileHandle>(name, store),
    set: (name, handle) => set(name, handle, store),
    names: async () => (await keys(store)).filter((name): name is string => typeof name === "string"),
    delete: (names) => delMany(names, store),
  };
  return indexedStore;
}

interface Options {
  store?: HandleStore;
}

const PREFIX = "handle:v1:";
function ownerPrefix(owner: string): string {
  return `${PREFIX}${encodeURIComponent(owner)}:`;
}
function storeKey(key: DraftKey, field: string): string {
  return `${ownerPrefix(key.owner)}${encodeURIComponent(key.screen)}:${encodeURIComponent(key.record)}:${encodeURIComponent(field)}`;
}

/** Keeps `handle` for the draft's field; false when the browser would not. */
export async function keepFileHandle(key: DraftKey, field: string, handle: ReadableFileHandle, { store = browserStore() }: Options = {}): Promise<boolean> {
  if (!store) return false;
  return store.set(storeKey(key, field), handle).then(
    () => true,
    () => false,
  );
}

/**
 * The file the draft's field had, read again from its kept handle once the browser allows it
 * (`ask`: a user's gesture is under way, so the permission may be asked); undefined otherwise.
 */
export async function fileFromHandle(key: DraftKey, field: string, { ask, store = browserStore() }: Options & { ask: boolean }): Promise<File | undefined> {
  if (!store) return undefined;
  try {
    const handle = await store.get(storeKey(key, field));
    if (!handle) return undefined;
    let permission = (await handle.queryPermission?.({ mode: "read" })) ?? "granted";
    if (permission === "prompt" && ask) permission = (await handle.requestPermission?.({ mode: "read" })) ?? "denied";
    return permission === "granted" ? await handle.getFile() : undefined;
  } catch {
    // Moved, deleted, or refused: the file is chosen again.
    return undefined;
  }
}

/** Drops the handles of one draft (saved or discarded), or of every draft of an account (logout). */
export async function dropFileHandles(owner: string, draft?: Pick<DraftKey, "screen" | "record">, { store = browserStore() }: Options = {}): Promise<void> {
  if (!store) return;
  const prefix = draft ? storeKey({ owner, ...draft }, "") : ownerPrefix(owner);
  try {
    await store.delete((await store.names()).filter((name) => name.startsWith(prefix)));
  } catch {
    // Nothing more to do: an orphaned handle holds no file, and names no upload.
  }
}
