import { ABOUT_TEXT_FIELDS } from "../../helpers/spec-fields.ts";

/**
 * The reference API's demo accounts, and reading it directly (what a test compares the site's
 * pages with). No vitest here: the global setups and the benchmarks load this too.
 */

export const DEMO_PASSWORD = "demo12345";
export const ADMIN_EMAIL = "admin@dispusip.local";
export const SUPERADMIN_EMAIL = "superadmin@dispusip.local";
export const STAFF_EMAIL = "staf@dispusip.local";

export const LOGIN_FAILED = "Login gagal periksa kembali email dan password kamu!";

/** GET `{referenceApiUrl}/api{path}` and return the JSON body's `data` (the reference API's list shape). */
export async function apiData<T>(referenceApiUrl: string, apiPath: string, token?: string): Promise<T> {
  const response = await fetch(`${referenceApiUrl}/api${apiPath}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  if (!response.ok) throw new Error(`GET /api${apiPath} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** Logs in to the reference API and returns the bearer token. */
export async function referenceApiToken(referenceApiUrl: string, email = ADMIN_EMAIL, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${referenceApiUrl}/api/users/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login as ${email} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** The records the tests read, as the reference API stores them (its full shape, ids included). */
export interface Slider { id: number; title: string; description: string; url: string; file: string }
/** A banner has a slider's fields (spec §3). */
export type Banner = Slider;
export interface MissionVision { id: number; vision: string; mission: string }
export interface History { id: number; title: string; description: string; file: string }
export interface Activity { id: number; date: string; title: string; description: string; file: string | null }
export interface Officer { id: number; name: string; position: string; additional_text: string; file: string }
export interface Publisher { id: number; name: string; address: string; about: string; email: string; phone: string; total_books: number }
export interface Video { id: number; title: string; description: string; link: string; thumbnail: string; background: string; watched: number }
/** The about record: its id, its picture, and spec §3's text fields. */
export interface About extends Record<(typeof ABOUT_TEXT_FIELDS)[number], string> {
  id: number;
  file: string;
}

interface Lists {
  sliders: Slider;
  banners: Banner;
  abouts: About;
  "mission-vision": MissionVision;
  histories: History;
  activities: Activity;
  officers: Officer;
  videos: Video;
}

/** A book of `GET /api/books/all`, as the tests read it. */
export interface Book {
  id: number;
  title: string;
  synopsis: string;
  isbn_issn: string;
  author: { name: string };
  publisher: { name: string };
  genres: Array<{ name: string }>;
  tags: Array<{ name: string }>;
  /** The cover's stored name, or nothing: a book made in an earlier test of the worker's shared stack may have none. */
  cover?: string | null;
}

/** Every book, read as the site's public catalogue reads them: with the role-1 account (CATALOGUE_READER_*). */
export async function catalogueBooks(referenceApiUrl: string): Promise<Book[]> {
  const token = await referenceApiToken(referenceApiUrl, STAFF_EMAIL);
  const response = await fetch(`${referenceApiUrl}/api/books/all`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/books/all answered ${response.status}`);
  return ((await response.json()) as { books: Book[] }).books;
}

/** A list's records: `GET /api/{list}{query}` (with the bearer token when given), its `data`. */
export function records<L extends keyof Lists>(
  referenceApiUrl: string,
  list: L,
  { query = "", token }: { query?: string; token?: string } = {},
): Promise<Array<Lists[L]>> {
  return apiData<Array<Lists[L]>>(referenceApiUrl, `/${list}${query}`, token);
}
