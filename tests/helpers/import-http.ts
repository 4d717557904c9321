import { readFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as pause } from "node:timers/promises";
import { referenceApiToken } from "../e2e/helpers/reference-api.ts";
import { decodeHtmlEntities } from "../e2e/helpers/text.ts";

/**
 * The catalogue import driven over HTTP as an admin's browser drives it (app/admin-kit/import.ts):
 * the upload's multipart POST, the start and stop, the job's state as the process keeps it in
 * DATA_DIR/imports/<id>/job.json (the caller owns DATA_DIR), and book rows in the list's own export
 * layout. Shared by the hard suite (tests/hard/import-files.test.ts) and the bench.
 */

export interface ImportAnswer {
  status: number;
  /** The job the upload made (from its 302), if any. */
  job?: string;
  location: string | null;
  /** The page or data answered, HTML entities decoded. */
  text: string;
}

/** Posts the import form: fields first, then the file part `file` last (as the page's form sends it). */
export async function postImport(base: string, cookie: string, screen: string, fields: Array<[string, string]>, file?: { name: string; content: Buffer | string }): Promise<ImportAnswer> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  if (file) form.append("file", new Blob([typeof file.content === "string" ? file.content : new Uint8Array(file.content)]), file.name);
  const response = await fetch(`${base}/admin/import/${screen}`, { method: "POST", headers: { cookie, origin: base }, body: form, redirect: "manual" });
  const location = response.headers.get("location");
  return { status: response.status, location, job: /[?&]job=([0-9a-f]{16})/.exec(location ?? "")?.[1], text: decodeHtmlEntities(await response.text()) };
}

export const uploadFile = (base: string, cookie: string, screen: string, name: string, content: Buffer | string) =>
  postImport(base, cookie, screen, [["intent", "upload"], ["source", "site"]], { name, content });

export const startJob = (base: string, cookie: string, screen: string, job: string, extra: Array<[string, string]> = []) =>
  postImport(base, cookie, screen, [["intent", "start"], ["job", job], ...extra]);

export interface JobState {
  stage: "reading" | "previewed" | "failed" | "running" | "stopped" | "done";
  reason?: string;
  preview?: { rows: number; actions: Record<"create" | "update" | "unchanged" | "error", number>; duplicates: number };
  progress?: Record<"created" | "updated" | "unchanged" | "skipped" | "failed" | "done" | "total", number>;
}

export const jobFile = (dataDir: string, job: string, name = "job.json") => path.join(dataDir, "imports", job, name);

export async function readJobState(dataDir: string, job: string): Promise<JobState> {
  return JSON.parse(await readFile(jobFile(dataDir, job), "utf8")) as JobState;
}

/** The job once its process left it in one of `stages` (the preview or the run is in the background); throws after `limitMs`. */
export async function jobSettled(dataDir: string, job: string, stages: Array<JobState["stage"]>, limitMs = 240_000): Promise<JobState> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const state = await readJobState(dataDir, job).catch(() => undefined);
    if (state && stages.includes(state.stage)) return state;
    if (performance.now() > deadline) throw new Error(`job ${job} still ${state?.stage ?? "unreadable"} after ${limitMs} ms`);
    await pause(50);
  }
}

/** The preview's rows (label, action, messages) as planned: what the preview page and the report list. */
export async function plannedRows(dataDir: string, job: string): Promise<Array<{ line: number; label: string; action: string; messages: string[]; duplicate?: string }>> {
  const text = await readFile(jobFile(dataDir, job, "plan.ndjson"), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as { line: number; label: string; action: string; messages: string[] });
}

/** The header row of the list's own export (GET /admin/export/book?format=csv&sep=;), the layout a site import reads. */
export async function bookExportHeader(base: string, cookie: string): Promise<string[]> {
  const response = await fetch(`${base}/admin/export/book?format=csv&sep=%3B`, { headers: { cookie }, redirect: "manual" });
  if (response.status !== 200) throw new Error(`the book list's export answered ${response.status} ${response.headers.get("location") ?? ""}`);
  const text = (await response.text()).replace(/^\uFEFF/, "");
  // Each cell is quoted as written ("ID";"Judul";…): the names alone.
  return text
    .slice(0, text.search(/\r?\n/))
    .split(";")
    .map((cell) => cell.replace(/^"(.*)"$/s, "$1").replaceAll('""', '"'));
}

/** A list as the reference API answers an admin (`{ <listKey>: [...] }`). */
export async function upstreamList<T>(referenceApiUrl: string, apiPath: string, key: string): Promise<T[]> {
  const token = await referenceApiToken(referenceApiUrl);
  const response = await fetch(`${referenceApiUrl}/api${apiPath}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api${apiPath} answered ${response.status}`);
  return ((await response.json()) as Record<string, T[]>)[key];
}

/** An author's and a publisher's name the upstream has: new books that name them need no record made. */
export async function knownNames(referenceApiUrl: string): Promise<{ author: string; publisher: string }> {
  const [author] = await upstreamList<{ name: string }>(referenceApiUrl, "/authors", "author");
  const [publisher] = await upstreamList<{ name: string }>(referenceApiUrl, "/publishers", "publishers");
  return { author: author.name, publisher: publisher.name };
}

/** `count` new books (no ID) in the export's layout, each title its own: `${prefix} 1`, `${prefix} 2`… */
export function newBooksCsv(header: string[], count: number, prefix: string, names: { author: string; publisher: string }): string {
  const cell: Record<string, (n: number) => string> = {
    Judul: (n) => `${prefix} ${n}`,
    Pengarang: () => names.author,
    Penerbit: () => names.publisher,
    Sinopsis: (n) => `Buku uji impor nomor ${n}.`,
    "Tanggal Terbit": (n) => `2020-01-${String((n % 28) + 1).padStart(2, "0")}`,
  };
  const rows = Array.from({ length: count }, (_, index) => header.map((column) => cell[column]?.(index + 1) ?? "").join(";"));
  return `${header.join(";")}\n${rows.join("\n")}\n`;
}

/** The upstream's books whose title starts with `prefix`, by title: how many records each title has. */
export async function booksByTitle(referenceApiUrl: string, prefix: string): Promise<Map<string, number>> {
  const books = await upstreamList<{ title: string }>(referenceApiUrl, "/books/all", "books");
  const counts = new Map<string, number>();
  for (const { title } of books) if (title.startsWith(prefix)) counts.set(title, (counts.get(title) ?? 0) + 1);
  return counts;
}

/** The upstream's books whose title starts with `prefix`: each title's id (the last record's, if several). */
export async function bookIdsByTitle(referenceApiUrl: string, prefix: string): Promise<Map<string, string>> {
  const books = await upstreamList<{ id: number | string; title: string }>(referenceApiUrl, "/books/all", "books");
  return new Map(books.filter(({ title }) => title.startsWith(prefix)).map(({ id, title }) => [title, String(id)]));
}
