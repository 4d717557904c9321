import { draftFileOf, parsedDraftFile, type DraftFile } from "./draft-files";

/**
 * Form drafts: what an admin typed into a form, kept in their own browser so
 * that it can be offered again when a save could not keep it. A save whose answer ends the
 * session (the upstream refused the token, spec §6) sends the admin to `/` logged out, and the
 * page with the form is gone; the form saved a draft as it was sent, so after the next login of
 * the same account the form offers it back ("Pulihkan" / "Buang").
 *
 * - **Browser only.** Drafts live in `localStorage` and never reach the server; a browser without
 *   storage (disabled, full) simply keeps none: every function here is then a no-op.
 * - **Keyed** by owner, form and record: `owner` is the account as the admin layout names it
 *   (a keyed hash of its id and email, never the token: `formDraftOwner` in app/platform/auth.server.ts),
 *   `screen` the form's screen (its id) and `record` the record's id, or `"add"` for a new one.
 *   Another account's drafts are never read: its owner differs.
 * - **Short-lived**: older than `maxAgeMs` (the server's `FORM_DRAFT_MAX_AGE_MS`, 8 h by
 *   default) a draft is dropped when read or swept; an explicit logout drops the account's drafts.
 * - **Files are kept by name, never by content** (a browser cannot put a file back into a file
 *   input): a draft says which files were chosen (`files`: name, size, type) and how far their
 *   resumable uploads went (`updateDraftFile`: the upload's address, the bytes the site confirmed,
 *   finished), so that a reopened form reuses a finished upload and resumes an unfinished one
 *   (./draft-files.ts; a file's handle, where the browser gives one, in ./file-handles.ts).
 *
 * The API is small on purpose, for every form of the back-office (the upload forms too):
 * `draftOf(form, fields)` reads what a form would send, `saveDraft`, `readDraft`, `clearDraft`,
 * `clearAllDrafts(owner)`, `sweepDrafts`, `listDrafts(owner)`. Each takes an optional `storage`
 * (tests pass their own; the default is the window's localStorage).
 */

/** What the admin layout's loader tells its pages about drafts. */
export interface FormDraftSettings {
  /** Whose drafts the pages may read and write: the logged-in account, as a keyed hash. */
  owner: string;
  /** How long a draft is offered after it was saved (ms). */
  maxAgeMs: number;
}

/** The server's default for FORM_DRAFT_MAX_AGE_MS: 8 hours, about a working day. */
export const DEFAULT_FORM_DRAFT_MAX_AGE_MS = 8 * 60 * 60 * 1000;

/**
 * On a control whose value is an option's id (a picker's hidden input): the option's label, kept
 * with the draft so that the picker can show the chosen option again before its list is searched.
 */
export const DRAFT_LABEL_ATTRIBUTE = "data-draft-label";

export interface DraftKey {
  owner: string;
  /** The form's screen (its id, e.g. `slider-manager`). */
  screen: string;
  /** The record's id, or `"add"` for a new record. */
  record: string;
}

export interface DraftContent {
  /** By field name: every value the form would send for it (text, rich text's HTML, chosen ids), in order. */
  values: Record<string, string[]>;
  /** By field name, then value: the label a chosen option showed. */
  labels: Record<string, Record<string, string>>;
  /** Files had been chosen. */
  hadFiles: boolean;
  /** By file field: the file chosen and how far its upload went. */
  files?: Record<string, DraftFile>;
  /** The page the form was on (path and query), to open it again from elsewhere. */
  href?: string;
}

export interface FormDraft extends DraftContent {
  /** When it was saved (ms since the epoch). */
  savedAt: number;
}

/** The part of the Web Storage API used here. */
export interface DraftStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface Options {
  storage?: DraftStorage;
  now?: number;
}

const PREFIX = "formDraft:v1:";

function storageOf(storage: DraftStorage | undefined): DraftStorage | undefined {
  if (storage) return storage;
  try {
    // Reading the property throws where storage is disabled (a browser's setting, a sandbox).
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function ownerPrefix(owner: string): string {
  return `${PREFIX}${encodeURIComponent(owner)}:`;
}

function storageKey({ owner, screen, record }: DraftKey): string {
  return `${ownerPrefix(owner)}${encodeURIComponent(screen)}:${encodeURIComponent(record)}`;
}

function keyOf(name: string): DraftKey | undefined {
  if (!name.startsWith(PREFIX)) return undefined;
  const parts = name.slice(PREFIX.length).split(":");
  if (parts.length !== 3) return undefined;
  try {
    const [owner, screen, record] = parts.map((part) => decodeURIComponent(part));
    return { owner, screen, record };
  } catch {
    return undefined;
  }
}

function isStringRecord<V>(value: unknown, isValue: (item: unknown) => item is V): value is Record<string, V> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every(isValue);
}
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");
const isString = (value: unknown): value is string => typeof value === "string";
const isLabels = (value: unknown): value is Record<string, string> => isStringRecord(value, isString);

/** A stored draft as written by saveDraft, or undefined for anything else (another version, a hand edit). */
function parsed(text: string | null): FormDraft | undefined {
  if (text === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const draft = value as Partial<FormDraft>;
  if (typeof draft.savedAt !== "number" || !Number.isFinite(draft.savedAt) || typeof draft.hadFiles !== "boolean") return undefined;
  if (!isStringRecord(draft.values, isStringList) || !isStringRecord(draft.labels, isLabels)) return undefined;
  // A page of this site only: the href is offered as a link.
  const href = typeof draft.href === "string" && isSitePath(draft.href) ? draft.href : undefined;
  const files = filesOf(draft.files);
  return { savedAt: draft.savedAt, values: draft.values, labels: draft.labels, hadFiles: draft.hadFiles, ...(href ? { href } : {}), ...(files ? { files } : {}) };
}

/** The draft's files that read as files; undefined when none does. */
function filesOf(value: unknown): Record<string, DraftFile> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const files = Object.entries(value).flatMap(([field, file]) => {
    const kept = parsedDraftFile(file);
    return kept ? [[field, kept] as const] : [];
  });
  return files.length > 0 ? Object.fromEntries(files) : undefined;
}

function isSitePath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !href.includes("\\");
}

/** Older than `maxAgeMs`, or saved "in the future" (a clock set back): not offered. */
function expired(draft: FormDraft, maxAgeMs: number, now: number): boolean {
  return now - draft.savedAt > maxAgeMs || draft.savedAt - now > maxAgeMs;
}

/**
 * What a form would send for `fields`, as a draft: each field's text values in order; a file
 * chosen for any of them only sets `hadFiles`. Pure (FormData only), so that it can be tested
 * without a page; `draftOf` reads a form element with it.
 */
export function draftFromFormData(data: FormData, fields: readonly string[]): Pick<DraftContent, "values" | "hadFiles" | "files"> {
  const values: Record<string, string[]> = {};
  const files: Record<string, DraftFile> = {};
  for (const name of new Set(fields)) {
    const entries = data.getAll(name);
    const texts = entries.filter(isString);
    // An empty file input sends a nameless, empty file: nothing was chosen.
    const chosen = entries.find((entry): entry is File => typeof entry !== "string" && (entry.size > 0 || entry.name !== ""));
    if (chosen) files[name] = draftFileOf(chosen);
    if (texts.length > 0 || entries.length === 0) values[name] = texts;
  }
  const hadFiles = Object.keys(files).length > 0;
  return { values, hadFiles, ...(hadFiles ? { files } : {}) };
}

/**
 * What `form` would send for `fields` (the record's fields; not the form's own hidden controls),
 * with the labels of chosen options (DRAFT_LABEL_ATTRIBUTE) and, when given, the page it is on.
 */
export function draftOf(form: HTMLFormElement, fields: readonly string[], href?: string): DraftContent {
  const { values, hadFiles, files } = draftFromFormData(new FormData(form), fields);
  const labels: Record<string, Record<string, string>> = {};
  const named = new Set(fields);
  for (const element of Array.from(form.elements)) {
    const label = element.getAttribute(DRAFT_LABEL_ATTRIBUTE);
    const name = element.getAttribute("name");
    if (label === null || !name || !named.has(name) || !(element instanceof HTMLInputElement) || element.value === "") continue;
    (labels[name] ??= {})[element.value] = label;
  }
  return { values, labels, hadFiles, ...(href ? { href } : {}), ...(files ? { files } : {}) };
}

/** Keeps `content` as the draft of `key`, replacing the one before; false when the browser would not store it. */
export function saveDraft(key: DraftKey, content: DraftContent, { storage, now = Date.now() }: Options = {}): boolean {
  const store = storageOf(storage);
  if (!store) return false;
  const { values, labels, hadFiles, href, files } = content;
  const draft: FormDraft = { savedAt: now, values, labels, hadFiles, ...(href ? { href } : {}), ...(files && Object.keys(files).length > 0 ? { files } : {}) };
  try {
    store.setItem(storageKey(key), JSON.stringify(draft));
    return true;
  } catch {
    // Full, or refused: the save goes on without a draft.
    return false;
  }
}

/** The draft of `key` when there is one younger than `maxAgeMs`; an older or unreadable one is dropped. */
export function readDraft(key: DraftKey, { maxAgeMs, storage, now = Date.now() }: Options & { maxAgeMs: number }): FormDraft | null {
  const store = storageOf(storage);
  if (!store) return null;
  const name = storageKey(key);
  let text: string | null;
  try {
    text = store.getItem(name);
  } catch {
    return null;
  }
  if (text === null) return null;
  const draft = parsed(text);
  if (!draft || expired(draft, maxAgeMs, now)) {
    remove(store, name);
    return null;
  }
  return draft;
}

/**
 * Notes how far the upload of the draft's `field` went (its address, the bytes confirmed,
 * finished), the draft's time unchanged; nothing when the draft or its file is gone.
 */
export function updateDraftFile(key: DraftKey, field: string, update: Partial<DraftFile>, { storage }: Pick<Options, "storage"> = {}): void {
  const store = storageOf(storage);
  const draft = store ? parsed(read(store, storageKey(key))) : undefined;
  const file = draft?.files?.[field];
  if (!store || !draft || !file) return;
  const files = { ...draft.files, [field]: { ...file, ...update } };
  try {
    store.setItem(storageKey(key), JSON.stringify({ ...draft, files }));
  } catch {
    // Full: the draft keeps what it had.
  }
}

/** Sent on `window` when a draft is dropped in this tab (storage's own event reaches only the others). */
export const DRAFT_DROPPED = "dispusip:draft-dropped";

/** Drops the draft of `key` (saved, discarded, or restored and then left). */
export function clearDraft(key: DraftKey, { storage }: Pick<Options, "storage"> = {}): void {
  const store = storageOf(storage);
  if (!store) return;
  remove(store, storageKey(key));
  if (typeof window !== "undefined") window.dispatchEvent(new Event(DRAFT_DROPPED));
}

/** Drops every draft of one account (its explicit logout). */
export function clearAllDrafts(owner: string, { storage }: Pick<Options, "storage"> = {}): void {
  const store = storageOf(storage);
  if (!store) return;
  const prefix = ownerPrefix(owner);
  for (const name of storedNames(store)) if (name.startsWith(prefix)) remove(store, name);
}

/** Drops every draft, of any account, older than `maxAgeMs` or unreadable. */
export function sweepDrafts({ maxAgeMs, storage, now = Date.now() }: Options & { maxAgeMs: number }): void {
  const store = storageOf(storage);
  if (!store) return;
  for (const name of storedNames(store)) {
    if (!name.startsWith(PREFIX)) continue;
    const draft = keyOf(name) ? parsed(read(store, name)) : undefined;
    if (!draft || expired(draft, maxAgeMs, now)) remove(store, name);
  }
}

/** One account's drafts younger than `maxAgeMs`, newest first. */
export function listDrafts(owner: string, { maxAgeMs, storage, now = Date.now() }: Options & { maxAgeMs: number }): Array<{ key: DraftKey; draft: FormDraft }> {
  const store = storageOf(storage);
  if (!store) return [];
  const prefix = ownerPrefix(owner);
  const found: Array<{ key: DraftKey; draft: FormDraft }> = [];
  for (const name of storedNames(store)) {
    const key = name.startsWith(prefix) ? keyOf(name) : undefined;
    const draft = key ? readDraft(key, { maxAgeMs, storage: store, now }) : null;
    if (key && draft) found.push({ key, draft });
  }
  return found.sort((a, b) => b.draft.savedAt - a.draft.savedAt);
}

/** "pukul 14.05" today, "27 November pukul 14.05" on another day: when a draft was saved, in the browser's time zone. */
export function draftTimeText(savedAt: number, now = Date.now()): string {
  const saved = new Date(savedAt);
  const time = `pukul ${new Intl.DateTimeFormat("id-ID", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(saved)}`;
  const day = (date: Date) => new Intl.DateTimeFormat("id-ID", { day: "numeric", month: "long", year: "numeric" }).format(date);
  return day(saved) === day(new Date(now)) ? time : `${day(saved)} ${time}`;
}

/** The names in storage, read before any is removed (removing shifts the indexes). */
function storedNames(store: DraftStorage): string[] {
  const names: string[] = [];
  try {
    for (let index = 0; index < store.length; index++) {
      const name = store.key(index);
      if (name !== null) names.push(name);
    }
  } catch {
    return [];
  }
  return names;
}

function read(store: DraftStorage, name: string): string | null {
  try {
    return store.getItem(name);
  } catch {
    return null;
  }
}

function remove(store: DraftStorage, name: string): void {
  try {
    store.removeItem(name);
  } catch {
    // Nothing more to do: the draft stays until the next sweep.
  }
}
