import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startReferenceApi, type ReferenceApiOptions, type RunningReferenceApi } from "../../reference-api/server.ts";
import { sceneImage } from "../../reference-api/seed/scenes.ts";
import { textPdf } from "../../reference-api/seed/pdf.ts";

export const DEMO_PASSWORD = "demo12345";
export const ADMIN_EMAIL = "admin@dispusip.local";
export const SUPERADMIN_EMAIL = "superadmin@dispusip.local";
export const STAFF_EMAIL = "staf@dispusip.local";

/** Response bodies are arbitrary JSON; tests assert their shape field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON; the assertions narrow it
export type JsonBody = Record<string, any>;

export interface Reply {
  status: number;
  headers: Headers;
  body: JsonBody;
}

export interface TestApi extends RunningReferenceApi {
  dataDir: string;
  adminToken: string;
  staffToken: string;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  /** Raw body text sent as application/json (for malformed JSON). */
  rawJson?: string;
  form?: FormData;
  headers?: Record<string, string>;
}

export async function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), "reference-api-test-"));
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}

export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.rawJson !== undefined) {
    headers["content-type"] = "application/json";
    body = options.rawJson;
  } else if (options.form) {
    body = options.form;
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: JsonBody = {};
  if (text) {
    try {
      parsed = JSON.parse(text) as JsonBody;
    } catch {
      parsed = { unparsed: text };
    }
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

export async function login(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const reply = await call(baseUrl, "POST", "/api/users/login", { json: { email, password } });
  if (reply.status !== 200) throw new Error(`login ${email} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.token as string;
}

/** Starts an in-process server on a free port with a fresh (or the given) data directory. */
export async function startTestApi(options: Partial<ReferenceApiOptions> = {}): Promise<TestApi> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const running = await startReferenceApi({ ...options, dataDir, port: 0 });
  const adminToken = await login(running.url, ADMIN_EMAIL, options.demoPassword);
  const staffToken = await login(running.url, STAFF_EMAIL, options.demoPassword);
  return {
    ...running,
    dataDir,
    adminToken,
    staffToken,
    call: (method, path, callOptions) => call(running.url, method, path, callOptions),
  };
}

/**
 * One test API for the whole test file, started before its first test and stopped (its data
 * directory removed) after its last: registered as the file's hooks. The object it returns
 * stands for the running API once the file's tests run.
 */
export function testApiForFile(options: Partial<ReferenceApiOptions> = {}): TestApi {
  let running: TestApi | undefined;
  beforeAll(async () => {
    running = await startTestApi(options);
  });
  afterAll(async () => {
    if (!running) return;
    await running.close();
    await removeDataDir(running.dataDir);
  });
  return new Proxy({} as TestApi, {
    get(_, key) {
      if (!running) throw new Error("testApiForFile: the test API is not running (used outside a test?)");
      return Reflect.get(running, key);
    },
    set(_, key, value) {
      if (!running) throw new Error("testApiForFile: the test API is not running (used outside a test?)");
      return Reflect.set(running, key, value);
    },
  });
}

/** Small pictures and a PDF made by the seed's own code, once per test file (both are asynchronous). */
const TEST_PICTURES = new Map(
  await Promise.all([120, 10, 300].map(async (hue) => [hue, await sceneImage("shelves", hue, 64, 36)] as const)),
);

/** A small PNG; each hue (120, 10 or 300) gives a different picture. */
export function pngFile(name = "gambar.png", hue: 120 | 10 | 300 = 120): File {
  return new File([new Uint8Array(TEST_PICTURES.get(hue)!)], name, { type: "image/png" });
}

const TEST_PDF = await textPdf({ title: "Buku Uji", paragraphs: ["Isi buku uji."], page: "A5", producer: "tests" });

export function pdfFile(name = "buku.pdf"): File {
  return new File([new Uint8Array(TEST_PDF)], name, { type: "application/pdf" });
}

export function form(fields: Record<string, string | string[] | Blob>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) data.append(name, item);
    else data.append(name, value);
  }
  return data;
}

/** Files in a storage area, without in-progress uploads. */
export async function storedFiles(dataDir: string, area: "files" | "covers"): Promise<string[]> {
  return (await readdir(join(dataDir, area))).filter((name) => !name.startsWith("."));
}

export async function tempFiles(dataDir: string, area: "files" | "covers"): Promise<string[]> {
  return (await readdir(join(dataDir, area))).filter((name) => name.startsWith(".upload-"));
}

/**
 * Polls until `check` passes or the time is up (then the last failure is thrown): 15 s, as the
 * runners' own polls, since a wait for an event ends only as a failure and a loaded machine must
 * not be what ends it.
 */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
