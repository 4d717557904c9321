import { http, HttpResponse, type JsonBodyType } from "msw";
import { beforeEach, expect } from "vitest";
import type { ScreenActionData, ScreenData } from "~/admin-kit/screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { request, sessionCookie } from "../helpers/sessions";

/**
 * What the admin screen tests share: calling a route's loader and action as Remix would, and
 * recording exactly what reached the (mocked) upstream.
 */

export const PANEL = UPSTREAM;
export const ADMIN_TOKEN = "token-role-3";

type RouteArgs = { request: Request; params: Record<string, string>; context: { clientIp: string } };
export interface ScreenRoute {
  loader(args: RouteArgs): Promise<unknown>;
  action(args: RouteArgs): Promise<unknown>;
}

export function adminCookie(): Promise<string> {
  return sessionCookie(3, { token: ADMIN_TOKEN });
}

interface DataResult<T> {
  data: T;
  init: ResponseInit | null;
}

function isDataResult<T>(value: unknown): value is DataResult<T> {
  return typeof value === "object" && value !== null && "data" in value && "init" in value;
}

/** Runs the loader; returns its data, status and headers. */
export async function load(route: ScreenRoute, path: string, cookie: string) {
  const result = await route.loader({ request: request(path, { cookie }), params: {}, context: { clientIp: "127.0.0.1" } });
  if (!isDataResult<ScreenData>(result)) throw new Error("the loader did not return data()");
  return { screen: result.data, headers: new Headers(result.init?.headers) };
}

export type Submitted = { kind: "redirect"; location: string; setCookie: string | null } | { kind: "data"; status: number; data: ScreenActionData };

/** Runs the action with a form body (FormData is sent as multipart, like a browser does). */
export async function submit(
  route: ScreenRoute,
  path: string,
  cookie: string,
  body: FormData | URLSearchParams,
  headers: Record<string, string> = {},
): Promise<Submitted> {
  const result = await route.action({
    request: request(path, { method: "POST", body, cookie, headers }),
    params: {},
    context: { clientIp: "127.0.0.1" },
  });
  if (result instanceof Response) {
    return { kind: "redirect", location: result.headers.get("Location") ?? "", setCookie: result.headers.get("Set-Cookie") };
  }
  if (isDataResult<ScreenActionData>(result)) return { kind: "data", status: result.init?.status ?? 200, data: result.data };
  throw new Error("the action returned neither a redirect nor data()");
}

/** After a redirect: the alert the next load of the list shows, read once. */
export async function alertAfter(route: ScreenRoute, submitted: Submitted, cookie: string) {
  expect(submitted.kind).toBe("redirect");
  if (submitted.kind !== "redirect") throw new Error("not a redirect");
  const first = await load(route, submitted.location, cookie);
  const second = await load(route, submitted.location, cookie);
  expect(second.screen.alerts, "a flash is read once").toEqual([]);
  return first.screen.alerts.map(({ type, message }) => ({ type, message }));
}

export type FormEntries = Array<[string, string | File]>;

/**
 * One admin screen (at `screenPath`) as Remix calls its loader and action, for a logged-in admin
 * (role 3): the session is made before each test (registered as a `beforeEach` of the file or `describe` that
 * calls this). A form given as entries is sent as multipart, like a browser sends it.
 */
export function adminScreen(route: ScreenRoute, screenPath: string) {
  let cookie = "";
  beforeEach(async () => {
    cookie = await adminCookie();
  });
  const bodyOf = (body: FormData | URLSearchParams | FormEntries) => (Array.isArray(body) ? form(body) : body);
  const screen = {
    /** The session's Cookie header. */
    get cookie() {
      return cookie;
    },
    load: (path: string) => load(route, path, cookie),
    submit: (path: string, body: FormData | URLSearchParams | FormEntries, headers: Record<string, string> = {}) =>
      submit(route, path, cookie, bodyOf(body), headers),
    alertAfter: (submitted: Submitted) => alertAfter(route, submitted, cookie),
    /** Posts the add form (`?modal=add`, intent create) with these fields. */
    add: (fields: FormEntries, query = "") => screen.submit(`${screenPath}?modal=add${query}`, [["intent", "create"], ...fields]),
    /** Posts record `id`'s edit form (`?modal=edit&id=`, intent update, the id first) with these fields. */
    edit: (id: string, fields: FormEntries, query = "") =>
      screen.submit(`${screenPath}?modal=edit&id=${id}${query}`, [["intent", "update"], ["id", id], ...fields]),
    /** Confirms the delete of record `id`, from the list (`?delete=`). */
    remove: (id: string, query = "") => screen.submit(`${screenPath}?delete=${id}${query}`, new URLSearchParams({ intent: "delete", id })),
    /** Submits a form the BFF must refuse on its own: fails if anything reached the upstream. */
    async refuses(path: string, body: FormData | URLSearchParams | FormEntries): Promise<Submitted> {
      const calls = recordAllRequests();
      const submitted = await screen.submit(path, body);
      expect(calls, "requests that reached the upstream").toEqual([]);
      return submitted;
    },
  };
  return screen;
}

/** What `recordWrites` records for an upload of `imageFile(filename)`. */
export function uploadedPng(filename: string): UploadedFile {
  return { filename, type: "image/png", size: PNG_BYTES.length, head: PNG_SIGNATURE };
}

export interface UploadedFile {
  filename: string;
  type: string;
  size: number;
  head: number[];
}

export interface RecordedWrite {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string;
  /** Multipart fields in order (files as their description), or the JSON body. */
  fields?: Array<[string, string | UploadedFile]>;
  json?: unknown;
}

/** Answers `method path` with `reply` and records every such request, body included. */
export function recordWrites(
  method: "post" | "put" | "patch" | "delete",
  path: string,
  reply: { status: number; body?: JsonBodyType },
  base = UPSTREAM,
): RecordedWrite[] {
  const writes: RecordedWrite[] = [];
  upstream.use(
    http[method](`${base}${path}`, async ({ request: incoming }) => {
      const url = new URL(incoming.url);
      const contentType = incoming.headers.get("content-type") ?? "";
      const write: RecordedWrite = {
        method: incoming.method,
        path: url.pathname,
        authorization: incoming.headers.get("authorization"),
        contentType,
      };
      if (contentType.startsWith("multipart/form-data")) {
        const form = await incoming.formData();
        write.fields = [];
        for (const [name, value] of form.entries()) {
          if (typeof value === "string") write.fields.push([name, value]);
          else {
            const bytes = new Uint8Array(await value.arrayBuffer());
            write.fields.push([name, { filename: value.name, type: value.type, size: bytes.length, head: [...bytes.subarray(0, 8)] }]);
          }
        }
      } else if (contentType.startsWith("application/json")) {
        write.json = await incoming.json();
      }
      writes.push(write);
      return HttpResponse.json(reply.body ?? {}, { status: reply.status });
    }),
  );
  return writes;
}

/** Answers a list call with `{ data: records }`. */
export function serveList(path: string, records: unknown[], base = UPSTREAM) {
  upstream.use(http.get(`${base}${path}`, () => HttpResponse.json({ data: records })));
}

/** Records every request that reaches the upstream (any method), e.g. to prove none did. */
export function recordAllRequests(): Array<{ method: string; path: string }> {
  const seen: Array<{ method: string; path: string }> = [];
  upstream.events.on("request:start", ({ request: incoming }) => {
    const url = new URL(incoming.url);
    seen.push({ method: incoming.method, path: url.pathname + url.search });
  });
  return seen;
}

/** A tiny real PNG (1×1), and bytes that only pretend to be one. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function imageFile(name = "gambar.png"): File {
  return new File([PNG_BYTES], name, { type: "image/png" });
}

/** A text file named and typed as a JPEG: the server must look at its bytes, not its name. */
export function fakeImage(name = "bukan-gambar.jpg"): File {
  return new File([new TextEncoder().encode("<?php echo 'bukan gambar'; ?>")], name, { type: "image/jpeg" });
}

/** An input left empty: browsers send a file part with no name and no bytes. */
export function noFile(): File {
  return new File([], "", { type: "application/octet-stream" });
}

export function form(entries: Array<[string, string | File]>): FormData {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
}

export function fieldErrors(submitted: Submitted): Record<string, string[] | null> | undefined {
  if (submitted.kind !== "data") throw new Error(`expected a form answer, got a redirect to ${submitted.location}`);
  return submitted.data.result?.error;
}
