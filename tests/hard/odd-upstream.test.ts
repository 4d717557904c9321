import { createServer, type Server } from "node:http";
import fc from "fast-check";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRecordId } from "~/admin-kit/url-state";
import { ADMIN_MESSAGES } from "~/admin-kit/messages";
import { MESSAGES } from "~/config/messages";
import { type Bff, bffEnv, decodeHtmlEntities, removeDir, startBff, tempDir } from "../e2e/helpers/index.ts";
import { FULL, reportCase } from "./report.ts";
import { ADMIN_SCREENS } from "./screens.ts";
import { logIn, unhandledFailures } from "./stack.ts";

/**
 * Issue 19 point 4: no upstream value breaks a page. An upstream of our own answers every list
 * with records fast-check makes from the fields spec §3 names, each field either ordinary or odd
 * (broken %-escapes, control characters, lone surrogates, 10,000 characters, null, numbers or
 * objects where text belongs, ids as strings, unknown extra fields). Every public page and admin
 * list must answer 200 or its load-failure state, never 500; the edit form of such a record must
 * open; the feed and sitemap must stay well-formed XML.
 */

const RUNS = FULL ? 60 : 6;

const oddText = fc.oneof(
  fc.constantFrom(
    "/files/%E0%A4%A",
    "%",
    "%ZZ%",
    "\u0000\u0001\u0008\u000b\u001f\u007f",
    "judul\u0000dengan NUL",
    "\ud800",
    "a\udc00b",
    "\ufffe\uffff",
    "<script>alert(1)</script>",
    "]]><!--",
    "&amp;&#0;&",
    "javascript:alert(1)",
    "https://",
    "//evil.example/x",
    "../../etc/passwd",
    "   ",
    "",
  ),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom("x", "é", "蔵", "😀").map((unit) => unit.repeat(10_000)),
);
const oddValue = fc.oneof(
  { weight: 4, arbitrary: oddText },
  { weight: 1, arbitrary: fc.constantFrom(null, true, 0, -1, 1e21, Number.MAX_SAFE_INTEGER, { nested: [1] }, [], ["a"]) },
);
/** Mostly ordinary, so that pages render their records; odd often enough to try every field. */
const field = (ordinary: fc.Arbitrary<unknown>) => fc.oneof({ weight: 2, arbitrary: ordinary }, { weight: 1, arbitrary: oddValue });
const text = field(fc.constantFrom("Perpustakaan Keliling", "Arsip Desa", "<p>Teks <b>kaya</b></p>"));
const date = field(fc.constantFrom("2024-05-17T00:00:00.000Z", "2024-05-17", "17-05-2024", "2026-13-45", "bukan tanggal"));
const fileName = field(fc.constantFrom("gambar.png", "sampul 1.png", "a/b.png", "%2e%2e%2fpasswd"));
const id = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 999_999 }) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 999_999 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom("a b", "7/8", "x".repeat(100), "%ZZ", "\ud800", "-1", "0") },
);
const named = fc.record({ name: text }, { requiredKeys: [] });
/** Fields spec §3 does not name: an upstream may add any. */
const extra = fc.dictionary(fc.string({ maxLength: 8 }), oddValue, { maxKeys: 2 });

function recordOf(fields: Record<string, fc.Arbitrary<unknown>>) {
  return fc.tuple(fc.record({ id, ...fields }, { requiredKeys: ["id"] }), extra).map(([record, more]) => ({ ...more, ...record }));
}

const RECORDS = {
  sliders: recordOf({ title: text, description: text, url: text, file: fileName }),
  banners: recordOf({ title: text, description: text, url: text, file: fileName }),
  abouts: recordOf({
    title: text,
    description: text,
    address: text,
    phone: text,
    email: text,
    facebook: text,
    instagram: text,
    twitter: text,
    youtube: text,
    tiktok: text,
    terms_and_condition: text,
    privacy_policy: text,
    file: fileName,
  }),
  missionVision: recordOf({ vision: text, mission: text }),
  histories: recordOf({ title: text, description: text, file: fileName }),
  activities: recordOf({ date, title: text, description: text, file: fileName }),
  officers: recordOf({ name: text, position: text, additional_text: text, file: fileName }),
  genres: recordOf({ name: text, cover: fileName }),
  tags: recordOf({ name: text, cover: fileName }),
  classifications: recordOf({ notation: text, general_name: text }),
  authors: recordOf({ name: text, biography: text, photo: fileName, total_books: field(fc.nat()) }),
  publishers: recordOf({ name: text, address: text, about: text, email: text, phone: text, total_books: field(fc.nat()), books: field(fc.constant([])) }),
  books: recordOf({
    title: text,
    author: field(named),
    publisher: field(named),
    synopsis: text,
    published_date: date,
    isbn_issn: text,
    genres: field(fc.array(field(named), { maxLength: 3 })),
    tags: field(fc.array(field(named), { maxLength: 3 })),
    classification_id: field(id),
    cover: fileName,
    file: fileName,
  }),
  videos: recordOf({ title: text, description: text, link: field(fc.constantFrom("/files/video.mp4", "https://contoh.id/v.mp4")), thumbnail: fileName, background: fileName, watched: field(fc.nat()) }),
  libraries: recordOf({ name: text, address: text, phone_number: text, about: text, active: field(fc.boolean()) }),
};
type World = { [K in keyof typeof RECORDS]: unknown[] };
const world: fc.Arbitrary<World> = fc.record(
  Object.fromEntries(Object.entries(RECORDS).map(([key, record]) => [key, fc.array(record, { minLength: 1, maxLength: 3 })])) as {
    [K in keyof World]: fc.Arbitrary<unknown[]>;
  },
);

/** Where each list is, under which key the spec names it. */
const LISTS: Record<string, { records: keyof World; key: string }> = {
  "/api/sliders": { records: "sliders", key: "data" },
  "/api/banners": { records: "banners", key: "data" },
  "/api/abouts": { records: "abouts", key: "data" },
  "/api/mission-vision": { records: "missionVision", key: "data" },
  "/api/histories": { records: "histories", key: "data" },
  "/api/activities": { records: "activities", key: "data" },
  "/api/officers": { records: "officers", key: "data" },
  "/api/genres": { records: "genres", key: "data" },
  "/api/tags": { records: "tags", key: "data" },
  "/api/classifications": { records: "classifications", key: "data" },
  "/api/authors": { records: "authors", key: "author" },
  "/api/publishers": { records: "publishers", key: "publishers" },
  "/api/books/all": { records: "books", key: "books" },
  "/api/videos": { records: "videos", key: "data" },
  "/api/bibliographies/admin/library": { records: "libraries", key: "data" },
};

/** Which records each admin screen lists. */
const SCREEN_RECORDS: Record<string, keyof World> = {
  "/admin/slider-manager": "sliders",
  "/admin/about-manager": "abouts",
  "/admin/mission-vission": "missionVision",
  "/admin/history": "histories",
  "/admin/activity": "activities",
  "/admin/officer": "officers",
  "/admin/library": "libraries",
  "/admin/banner": "banners",
  "/admin/book": "books",
  "/admin/genre": "genres",
  "/admin/tag": "tags",
  "/admin/classification": "classifications",
  "/admin/author": "authors",
  "/admin/publisher": "publishers",
  "/admin/video": "videos",
};

let current: World | undefined;
let upstream: Server;
let upstreamUrl: string;
let bff: Bff;
let dataDir: string;
let cookie: string;

function startOddUpstream(): Promise<void> {
  upstream = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    req.resume();
    if (path === "/api/users/login") return json(200, { token: "odd-token" });
    if (path === "/api/users/me") return json(200, { user: { id: 1, email: "admin@contoh.id", role: 3 } });
    const list = LISTS[path];
    if (list && current) return json(200, { [list.key]: current[list.records] });
    if (path.startsWith("/api/activities/") && current) return json(200, { data: current.activities[0] });
    json(404, { error: "tidak ada" });
  });
  return new Promise((resolve) =>
    upstream.listen(0, "127.0.0.1", () => {
      upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
      resolve();
    }),
  );
}

beforeAll(async () => {
  await startOddUpstream();
  dataDir = await tempDir("odd-upstream-bff");
  bff = await startBff(bffEnv({ UPSTREAM_API_URL: upstreamUrl, DATA_DIR: dataDir, PUBLIC_CACHE_TTL_MS: "0", PUBLIC_CACHE_STALE_MS: "0" }));
  cookie = await logIn(bff.url, "admin@contoh.id", "apa-saja");
});

afterAll(async () => {
  await bff?.proc.stop();
  await new Promise((resolve) => upstream?.close(resolve));
  await removeDir(dataDir);
});

/** Throws on anything that is not well-formed XML 1.0 (saxes checks every character). */
function parseXml(xml: string): void {
  const parser = new SaxesParser({ xmlns: true });
  parser.on("error", (error) => {
    throw error;
  });
  parser.write(xml).close();
}

function firstId(records: unknown[]): string | undefined {
  const first = records[0] as { id?: unknown } | undefined;
  return typeof first?.id === "number" || typeof first?.id === "string" ? String(first.id) : undefined;
}

async function get(path: string, withCookie = false) {
  const response = await fetch(`${bff.url}${path}`, { headers: withCookie ? { cookie } : {}, redirect: "manual" });
  return { status: response.status, body: await response.text() };
}

/** Runs the property, then reports it as one case of the summary table (`npm run test:hard`). */
async function reported(tried: string, property: () => Promise<void>, got: () => string, figures: () => Record<string, number>): Promise<void> {
  try {
    await property();
  } catch (error) {
    reportCase({ suite: "odd-upstream", tried, got: String((error as Error).message ?? error).split("\n")[0], passed: false, figures: figures() });
    throw error;
  }
  reportCase({ suite: "odd-upstream", tried, got: got(), passed: true, figures: figures() });
}

/** Counts one more answer of this status. */
function tally(counts: Record<string, number>, status: number): void {
  counts[status] = (counts[status] ?? 0) + 1;
}

/** e.g. "40 × 200, 2 × 503" */
const described = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ");

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);

describe("an upstream that answers odd values", () => {
  it("never takes a public page, the feed or the sitemap down", async () => {
    const answers: Record<string, number> = {};
    const property = () =>
      fc.assert(
        fc.asyncProperty(world, async (generated) => {
          current = generated;
          // Its link on the site: a lone surrogate in the id is U+FFFD there, as the BFF reads it.
          const activityId = (firstId(generated.activities) ?? "1").replace(/\p{Cs}/gu, "\uFFFD");
          const bookId = (firstId(generated.books) ?? "1").replace(/\p{Cs}/gu, "\uFFFD");
          const catalogue = ["/katalog", "/katalog?q=a&genre=x", "/katalog/video", `/katalog/${encodeURIComponent(bookId)}`];
          for (const path of ["/", "/about", "/history", "/privacy-policy", "/terms", `/activity/${encodeURIComponent(activityId)}`, ...catalogue]) {
            const { status, body } = await get(path);
            tally(answers, status);
            expect([200, 404, 503], `${path} answered ${status}`).toContain(status);
            // No NUL byte, whatever the upstream's strings and wherever React's 2 KiB views end.
            expect(body.includes("\u0000"), `${path} holds a NUL`).toBe(false);
            if (status === 503) expect(decodeHtmlEntities(body)).toContain(MESSAGES.upstreamUnavailable);
          }
          for (const path of ["/activity/feed.xml", "/sitemap.xml"]) {
            const { status, body } = await get(path);
            tally(answers, status);
            expect(status, path).toBe(200);
            expect(() => parseXml(body), `${path} is not well-formed XML`).not.toThrow();
          }
        }),
        { numRuns: RUNS },
      );
    await reported(
      `${RUNS} odd upstreams: 10 public pages (Koleksi Digital's among them), the feed and the sitemap each`,
      property,
      () => `${described(answers)}; the feed and sitemap well-formed`,
      () => ({ requests: total(answers) }),
    );
    expect(unhandledFailures(bff)).toEqual([]);
  });

  it("never takes an admin list down, and opens the edit form of every odd record", async () => {
    const editTitles: Record<string, string> = {};
    for (const screen of ADMIN_SCREENS) {
      const title = (screen.definition as { texts?: { editTitle?: string } }).texts?.editTitle;
      if (title) editTitles[screen.path] = title;
    }
    const lists: Record<string, number> = {};
    let editsOpened = 0;
    const property = () =>
      fc.assert(
        fc.asyncProperty(world, async (generated) => {
          current = generated;
          for (const screen of ADMIN_SCREENS) {
            const list = await get(screen.path, true);
            tally(lists, list.status);
            expect(list.status, `${screen.path} answered ${list.status}`).toBe(200);
            const listFailed = decodeHtmlEntities(list.body).includes(ADMIN_MESSAGES.loadFailed);
            const recordId = firstId(generated[SCREEN_RECORDS[screen.path]]);
            if (listFailed || !editTitles[screen.path] || !isRecordId(recordId)) continue;
            const edit = await get(`${screen.path}?modal=edit&id=${recordId}`, true);
            expect(edit.status, `${screen.path} edit of ${recordId}`).toBe(200);
            expect(decodeHtmlEntities(edit.body), `${screen.path}: the edit form of record ${recordId} did not open`).toContain(
              editTitles[screen.path],
            );
            editsOpened += 1;
          }
        }),
        { numRuns: RUNS },
      );
    await reported(
      `${RUNS} odd upstreams: every admin list and the edit form of its first record`,
      property,
      () => `lists ${described(lists)}; ${editsOpened} edit forms opened`,
      () => ({ lists: total(lists), "edit forms": editsOpened }),
    );
    expect(unhandledFailures(bff)).toEqual([]);
  });
});
