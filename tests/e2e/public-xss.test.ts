import path from "node:path";
import Database from "better-sqlite3";
import type { BrowserContext, Page } from "playwright-core";
import { startReferenceApi, type RunningReferenceApi } from "../../reference-api/server.ts";
import { expect, test } from "./fixtures.ts";
import {
  apiData,
  type Bff,
  bffEnv,
  DEMO_PASSWORD,
  DESKTOP,
  dismissedDialogs,
  referenceApiToken,
  removeDir,
  runCanaries,
  startBff,
  tempDir,
  waitForHydrationOrExplain,
} from "./helpers/index.ts";
import { b64, js, PLAIN_PAYLOADS, RICH_PAYLOADS } from "./xss-corpus.ts";

/**
 * Stored XSS through every field the public pages render (design principle 8: untrusted HTML is
 * sanitised on the server; links keep only http, https, mailto, tel). Well-known payloads are
 * written upstream through the admin API of a private reference API (so other tests' data is
 * untouched), the pages are opened in Chromium and every element of `main` is hovered, focused
 * and clicked. The browser runs with the site's Content-Security-Policy bypassed, so that the
 * sanitiser is tested on its own: CSP is a second wall, not an excuse for a hole in the first.
 */

const PRODUCT = "Dinas Perpustakaan dan Kearsipan";

/** Banner links a permissive upstream might hand over (the reference API refuses them, so they go straight into its database). */
const BANNER_URL_PAYLOADS: Array<(n: number) => string> = [
  (n) => `javascript:${js(n)}`,
  (n) => ` JaVaScRiPt:${js(n)}`,
  (n) => `java\tscript:${js(n)}`,
  (n) => `data:text/html;base64,${b64(`<script>${js(n)}</script>`)}`,
  (n) => `vbscript:msgbox(${n})`,
  (n) => `//evil.example/${n}`,
  (n) => `/\\evil.example/${n}`,
];

interface Payload {
  n: number;
  kind: "rich" | "plain" | "banner url";
  text: string;
  /** Where it was written (upstream field). */
  field: string;
  /** The pages it should show on. */
  pages: string[];
}

interface PageResult {
  page: string;
  dialogs: string[];
  xss: unknown;
  /** Dangerous markup left in the rendered `main`. */
  residue: string[];
}

let referenceApi: RunningReferenceApi | undefined;
let bff: Bff | undefined;
let referenceDir: string | undefined;
let bffDir: string | undefined;
let context: BrowserContext | undefined;
/** Like `context`, without the site's own scripts: payloads in the server's HTML run all the same, at a fraction of the cost. */
let bareContext: BrowserContext | undefined;
/** The tab of `context` that the checks of one page share, each loading its page as a new document (a new tab costs a renderer process). */
let tab: Page | undefined;
const contextTab = async (): Promise<Page> => (tab ??= await context!.newPage());
let token: string;
const payloads: Payload[] = [];
const results = new Map<string, PageResult>();
let combinedActivityPath = "";
/** Stands for the catalogue book page of the payloads until the book exists. */
const CATALOGUE_BOOK_PAGE = "/katalog/book";
let catalogueBookPath = "";

async function api(method: string, apiPath: string, body: FormData | object): Promise<{ status: number; data: { id: number } }> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${referenceApi!.url}/api${apiPath}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(isForm ? {} : { "Content-Type": "application/json" }) },
    body: isForm ? body : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: { id: number }; error?: string };
  if (!response.ok) throw new Error(`${method} /api${apiPath} answered ${response.status}: ${json.error}`);
  return { status: response.status, data: json.data };
}

function form(fields: Record<string, string | number>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  return data;
}

const getFirst = async <T,>(apiPath: string): Promise<T> => (await apiData<T[]>(referenceApi!.url, apiPath))[0];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  referenceDir = await tempDir("xss-reference-api");
  bffDir = await tempDir("xss-bff");
  referenceApi = await startReferenceApi({ dataDir: referenceDir, host: "127.0.0.1", port: 0, demoPassword: DEMO_PASSWORD });
  const bffStarting = startBff(bffEnv({ UPSTREAM_API_URL: referenceApi.url, DATA_DIR: bffDir }));
  token = await referenceApiToken(referenceApi.url);

  let next = 1;
  const add = (kind: Payload["kind"], field: string, pages: string[], make: (n: number) => string) => {
    const n = next++;
    const payload = { n, kind, field, pages, text: make(n) };
    payloads.push(payload);
    return payload;
  };

  // Rich text: every payload alone in an activity of its own, and all together in each rich field.
  const rich = RICH_PAYLOADS.map((make) => add("rich", "", [], make));
  const allRich = rich.map((payload) => `<p>#${payload.n}</p>${payload.text}`).join("\n");
  for (const payload of rich) {
    const { data } = await api("POST", "/activities", form({ date: "2024-07-01", title: `Kegiatan uji #${payload.n}`, description: payload.text }));
    payload.field = "activity.description (own activity), about.description, about.privacy_policy, about.terms_and_condition, history.description, activity.description (all)";
    payload.pages = [`/activity/${data.id}`, "/about", "/privacy-policy", "/terms", "/history", "/activity/all", "/"];
  }

  // Plain fields.
  const plain = (field: string, pages: string[], index: number) => add("plain", field, pages, PLAIN_PAYLOADS[index % PLAIN_PAYLOADS.length]);
  const aboutTitle = plain("about.title", ["/", "/about"], 0);
  const aboutAddress = plain("about.address", ["/", "/about", "/history", "/terms"], 1);
  const aboutEmail = add("plain", "about.email", ["/", "/about"], (n) => `"><svg/onload=${js(n)}>@contoh.example`);
  const historyTitle = plain("history.title", ["/", "/history"], 3);
  const activityTitle = plain("activity.title", ["/", "/activity/all"], 2);
  const officerName = plain("officer.name", ["/"], 4);
  const officerPosition = plain("officer.position", ["/"], 5);
  const officerExtra = plain("officer.additional_text", ["/"], 6);
  const bannerTitle = plain("banner.title", ["/"], 7);
  const bannerDescription = plain("banner.description", ["/"], 8);
  const bannerUrl = add("plain", "banner.url", ["/"], (n) => `https://contoh.example/"onmouseover="${js(n)}`);
  const bannerPath = add("plain", "banner.url", ["/"], (n) => `/"><script>${js(n)}</script>`);
  const vision = plain("mission-vision.vision", ["/"], 9);
  const mission = plain("mission-vision.mission", ["/"], 10);
  const combinedActivityTitle = plain("activity.title (all)", ["/", "/activity/all"], 11);
  plain("officer.name (second officer)", ["/"], 12);

  const about = await getFirst<Record<string, string | number>>("/abouts");
  await api(
    "PUT",
    "/abouts",
    form({
      id: about.id,
      title: aboutTitle.text,
      description: allRich,
      address: aboutAddress.text,
      phone: String(about.phone),
      email: aboutEmail.text,
      facebook: String(about.facebook),
      instagram: String(about.instagram),
      twitter: String(about.twitter),
      youtube: String(about.youtube),
      tiktok: String(about.tiktok),
      terms_and_condition: allRich,
      privacy_policy: allRich,
    }),
  );
  const history = await getFirst<{ id: number }>("/histories");
  await api("PUT", "/histories", form({ id: history.id, title: historyTitle.text, description: allRich }));
  await api("POST", "/activities", form({ date: "2099-12-31", title: activityTitle.text, description: "<p>Judul berisi muatan uji.</p>" }));
  const combined = await api("POST", "/activities", form({ date: "2099-12-30", title: combinedActivityTitle.text, description: allRich }));
  combinedActivityPath = `/activity/${combined.data.id}`;
  await api("POST", "/officers", form({ name: officerName.text, position: officerPosition.text, additional_text: officerExtra.text }));
  const secondOfficer = payloads.find((payload) => payload.field === "officer.name (second officer)")!;
  await api("POST", "/officers", form({ name: secondOfficer.text, position: "Pejabat uji", additional_text: "" }));
  await api("POST", "/banners", form({ title: bannerTitle.text, description: bannerDescription.text, url: bannerUrl.text }));
  await api("POST", "/banners", form({ title: `Banner #${bannerPath.n}`, description: "uji", url: bannerPath.text }));
  const missionVision = await getFirst<{ id: number }>("/mission-vision");
  await api("PUT", "/mission-vision", { id: missionVision.id, vision: vision.text, mission: mission.text });

  // Links the reference API refuses but another upstream might store.
  const db = new Database(path.join(referenceDir, "reference-api.sqlite"));
  try {
    const insert = db.prepare("INSERT INTO banners (title, description, url) VALUES (?, ?, ?)");
    for (const make of BANNER_URL_PAYLOADS) {
      const payload = add("banner url", "banner.url (written into the upstream's database)", ["/"], make);
      insert.run(`Banner tautan #${payload.n}`, "uji tautan", payload.text);
    }
    // Koleksi Digital (read with the role-1 account): a book whose every shown field, and whose author, publisher, genre and tag, is a payload; and a video.
    const catalogue = ["/katalog", CATALOGUE_BOOK_PAGE, "/katalog/video"];
    const field = (name: string, pages: string[], index: number) => plain(name, pages, index).text;
    const authorId = db.prepare("INSERT INTO authors (name) VALUES (?)").run(field("book.author.name", catalogue.slice(0, 2), 13)).lastInsertRowid;
    const publisherId = db.prepare("INSERT INTO publishers (name) VALUES (?)").run(field("book.publisher.name", [CATALOGUE_BOOK_PAGE], 14)).lastInsertRowid;
    const genreId = db.prepare("INSERT INTO genres (name) VALUES (?)").run(field("book.genres[].name", catalogue.slice(0, 2), 15)).lastInsertRowid;
    const tagId = db.prepare("INSERT INTO tags (name) VALUES (?)").run(field("book.tags[].name", catalogue.slice(0, 2), 16)).lastInsertRowid;
    const bookId = db
      .prepare("INSERT INTO books (title, synopsis, published_date, isbn_issn, author_id, publisher_id, cover) VALUES (?, ?, '2099-01-01', ?, ?, ?, ?)")
      .run(
        field("book.title", catalogue.slice(0, 2), 17),
        field("book.synopsis", [CATALOGUE_BOOK_PAGE], 18),
        field("book.isbn_issn", [CATALOGUE_BOOK_PAGE], 19),
        authorId,
        publisherId,
        field("book.cover", catalogue.slice(0, 2), 20),
      ).lastInsertRowid;
    db.prepare("INSERT INTO book_genres (book_id, genre_id) VALUES (?, ?)").run(bookId, genreId);
    db.prepare("INSERT INTO book_tags (book_id, tag_id) VALUES (?, ?)").run(bookId, tagId);
    // The classification shows on the book's page (notation, name, the call number made of them) and as a facet of the catalogue.
    const classificationId = db
      .prepare("INSERT INTO classifications (notation, general_name) VALUES (?, ?)")
      .run(field("classification.notation", catalogue.slice(0, 2), 23), field("classification.general_name", catalogue.slice(0, 2), 24)).lastInsertRowid;
    db.prepare("UPDATE books SET classification_id = ? WHERE id = ?").run(classificationId, bookId);
    catalogueBookPath = `/katalog/${bookId}`;
    db.prepare("INSERT INTO videos (title, description, link, thumbnail) VALUES (?, ?, ?, ?)").run(
      field("video.title", ["/katalog/video"], 21),
      field("video.description", ["/katalog/video"], 22),
      add("plain", "video.link", ["/katalog/video"], (n) => `javascript:${js(n)}`).text,
      add("plain", "video.thumbnail", ["/katalog/video"], (n) => `"><img src=x onerror=${js(n)}>`).text,
    );
  } finally {
    db.close();
  }

  for (const payload of payloads) {
    payload.pages = payload.pages.map((page) => (page === "/activity/all" ? combinedActivityPath : page === CATALOGUE_BOOK_PAGE ? catalogueBookPath : page));
  }

  bff = await bffStarting;
  // Both live until the end of the file (closed after its last test).
  context = await browser.newContext({ bypassCSP: true, viewport: DESKTOP });
  bareContext = await browser.newContext({ bypassCSP: true, viewport: DESKTOP });
  await bareContext.route((url) => url.pathname.startsWith("/build/") && url.pathname.endsWith(".js"), (route) => route.abort());
  for (const each of [context, bareContext]) await prepare(each);
});

async function prepare(each: BrowserContext): Promise<void> {
  // Links to real places must not take the page away mid-test; javascript: links are let through (that is the test).
  await each.addInitScript(() => {
    window.addEventListener(
      "click",
      (event) => {
        const link = (event.target as Element | null)?.closest?.("a[href], area[href]") as HTMLAnchorElement | null;
        if (link && /^(https?|mailto|tel):$/.test(link.protocol)) event.preventDefault();
      },
      true,
    );
    window.addEventListener("submit", (event) => {
      const action = (event.target as HTMLFormElement).action;
      if (/^https?:/.test(action)) event.preventDefault();
    }, true);
  });
}

test.afterAll(async () => {
  printTable();
  for (const each of [context, bareContext]) await each?.close();
  await bff?.proc.stop();
  await referenceApi?.close();
  await removeDir(referenceDir);
  await removeDir(bffDir);
});

/**
 * Brings each React island of the page (the home page's carousel and map) near, as a visitor
 * scrolling down does, and waits until React has hydrated it: what the page's script shows of
 * the records, it has shown. React gives the island's root element its props as the render
 * completes, and commits in the same task.
 */
async function wakeIslands(page: Page): Promise<void> {
  for (const island of await page.locator("[data-island]").all()) {
    await island.evaluate((box) => box.scrollIntoView({ block: "center" }));
    const hydrated = () => island.evaluate((box) => Object.keys(box.firstElementChild ?? {}).some((key) => key.startsWith("__reactProps$")));
    await expect.poll(hydrated, { message: `island ${await island.getAttribute("data-island")} hydrated` }).toBe(true);
  }
}


/** Opens a page, pokes every element of `main`, and records what ran and what was left. */
async function probe(page: Page, pagePath: string, { hydrate = true } = {}): Promise<PageResult> {
  const { messages: dialogs, stop: stopDialogs } = dismissedDialogs(page);
  try {
    const response = await page.goto(`${bff!.url}${pagePath}`);
    expect(response?.status(), pagePath).toBe(200);
    // Payloads run from the server's HTML; the page's script (the slider, the carousel) runs after it.
    if (hydrate) await waitForHydrationOrExplain(page);
    await page.evaluate(async () => {
      const main = document.querySelector("main")!;
      for (const element of [...main.querySelectorAll<HTMLElement>("*")]) {
        for (const type of ["pointerover", "mouseover", "mouseenter", "mousemove"]) {
          element.dispatchEvent(new MouseEvent(type, { bubbles: type !== "mouseenter", cancelable: true, view: window }));
        }
        element.focus?.();
        element.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
        element.click?.();
      }
    });
    // What the poke set off has run once what is set off after it has: the islands the page's
    // script wakes (on a hydrated page), then the canaries.
    if (hydrate) await wakeIslands(page);
    // A payload that ran may replace the document under the canaries: they run again in the new one.
    await runCanaries(page, { link: true });
    // A javascript: link that ran may have replaced the document; the checks below then see that.
    const { xss, residue } = await page.evaluate(() => {
      const found: string[] = [];
      const main = document.querySelector("main");
      if (!main) return { xss: (window as unknown as { __xss?: unknown }).__xss, residue: ["no <main> left"] };
      for (const container of main.querySelectorAll(".rich-text")) {
        for (const element of container.querySelectorAll("script, iframe, object, embed, frame, frameset, base, form, meta, link, style")) {
          found.push(`<${element.localName}> in .rich-text`);
        }
      }
      const urlAttributes = ["href", "src", "xlink:href", "action", "formaction", "data", "background", "poster", "srcset", "to", "values", "from"];
      for (const element of main.querySelectorAll("*")) {
        if (element.localName === "script") {
          // Structured data is inert as long as it is one whole JSON document (no value closed the element early).
          let inertData = (element as HTMLScriptElement).type === "application/ld+json";
          try {
            if (inertData) JSON.parse(element.textContent ?? "");
          } catch {
            inertData = false;
          }
          if (!inertData) found.push(`<script> in main: ${element.outerHTML.slice(0, 80)}`);
        }
        for (const attribute of element.attributes) {
          if (attribute.name.toLowerCase().startsWith("on")) found.push(`${element.localName}[${attribute.name}]`);
          if (urlAttributes.includes(attribute.name.toLowerCase())) {
            // Browsers ignore control characters and spaces inside a URL's scheme, so we strip them too.
            // eslint-disable-next-line no-control-regex
            const value = attribute.value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
            if (/^(javascript|data|vbscript):/.test(value)) found.push(`${element.localName}[${attribute.name}=${attribute.value.slice(0, 40)}]`);
          }
        }
      }
      return { xss: (window as unknown as { __xss?: unknown }).__xss, residue: found };
    });
    return { page: pagePath, dialogs, xss, residue };
  } finally {
    stopDialogs();
  }
}

/** The number a fired payload announced (its dialog text or flag). */
const firedNumbers = (result: PageResult) => new Set([...result.dialogs.map(Number), ...(result.xss === undefined ? [] : [Number(result.xss)])]);

function verdict(result: PageResult): string[] {
  const problems: string[] = [];
  if (result.dialogs.length) problems.push(`dialog(s) ${result.dialogs.join(", ")}`);
  if (result.xss !== undefined) problems.push(`window.__xss = ${String(result.xss)}`);
  problems.push(...result.residue);
  return problems;
}

test("the probe notices a payload that runs (on a stand-in page)", async () => {
  const page = await bareContext!.newPage();
  try {
    await page.route(`${bff!.url}/__canary`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: '<main><div class="rich-text"><img src=x onerror=alert(7)><a href="javascript:top.__xss=8">klik</a></div></main>',
      }),
    );
    const result = await probe(page, "/__canary", { hydrate: false });
    expect(result.dialogs).toEqual(["7"]);
    expect(result.xss).toBe(8);
  } finally {
    await page.close();
  }
});

test("writes at least 50 payloads, each into a field the public pages render", () => {
  expect(payloads.filter((payload) => payload.kind === "rich").length).toBeGreaterThanOrEqual(50);
  expect(payloads.length).toBeGreaterThanOrEqual(50);
  expect(payloads.every((payload) => payload.pages.length > 0)).toBe(true);
});

test.describe("pages with every rich-text payload at once", () => {
  // The searches echo the query and list what they find: payloads found by a word they hold ("script", "onerror"), and a payload as the query itself.
  const echoed = encodeURIComponent(PLAIN_PAYLOADS[1](990));
  const searches = ["/cari?q=script", "/cari?q=onerror", `/cari?q=${echoed}`, "/katalog?q=script", `/katalog?q=${echoed}`, `/katalog?author=${echoed}&genre=${echoed}`];
  const pagePaths = ["/", "/about", "/history", "/privacy-policy", "/terms", "/activity/all", "/activity", "/katalog", CATALOGUE_BOOK_PAGE, "/katalog/video", ...searches];
  for (const pagePath of pagePaths) test(`${pagePath} runs none of them and keeps no dangerous markup`, async () => {
    const actualPath = pagePath === "/activity/all" ? combinedActivityPath : pagePath === CATALOGUE_BOOK_PAGE ? catalogueBookPath : pagePath;
    const result = await probe(await contextTab(), actualPath);
    results.set(actualPath, result);
    expect(verdict(result), actualPath).toEqual([]);
  });
});

test("each rich-text payload alone in an activity's description runs nothing and leaves no dangerous markup", async () => {
  test.setTimeout(180_000);
  const ownPages = payloads.filter((payload) => payload.kind === "rich").map((payload) => payload.pages[0]);
  const queue = [...ownPages];
  // A few tabs at a time: a page spends most of its time waiting.
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      const page = await bareContext!.newPage();
      try {
        for (let pagePath = queue.shift(); pagePath; pagePath = queue.shift()) results.set(pagePath, await probe(page, pagePath, { hydrate: false }));
      } finally {
        await page.close();
      }
    }),
  );
  const failures = ownPages.flatMap((pagePath) => {
    const problems = verdict(results.get(pagePath)!);
    return problems.length ? [`${pagePath}: ${problems.join("; ")}`] : [];
  });
  expect(failures).toEqual([]);
});

test.describe("plain fields show the payload as text", () => {
  test("the about title is the page's heading, character for character", async () => {
    const page = await contextTab();
    await page.goto(`${bff!.url}/about`);
    const title = payloads.find((payload) => payload.field === "about.title")!.text;
    expect(await page.locator("main h1").first().textContent()).toBe(title);
    expect(await page.title()).toBe(`${PRODUCT} | Tentang Kami`);
  });

  test("an activity title with </title><script> is the document title and the heading, as text", async () => {
    const page = await contextTab();
    await page.goto(`${bff!.url}${combinedActivityPath}`);
    const title = payloads.find((payload) => payload.field === "activity.title (all)")!.text;
    expect(await page.locator("main h1").first().textContent()).toBe(title);
    expect(await page.title()).toBe(`${PRODUCT} | ${title}`);
    expect(await page.locator("head script:not([nonce])").count()).toBe(0);
  });
});

function printTable(): void {
  const columns = [
    { label: "own page", pick: (payload: Payload) => (payload.kind === "rich" ? payload.pages[0] : undefined) },
    ...["/", "/about", "/history", "/privacy-policy", "/terms"].map((page) => ({ label: page, pick: (payload: Payload) => (payload.pages.includes(page) ? page : undefined) })),
    { label: "activity (all)", pick: (payload: Payload) => (payload.pages.includes(combinedActivityPath) ? combinedActivityPath : undefined) },
    ...["/katalog", "/katalog/video"].map((page) => ({ label: page, pick: (payload: Payload) => (payload.pages.includes(page) ? page : undefined) })),
    { label: "book page", pick: (payload: Payload) => (payload.pages.includes(catalogueBookPath) ? catalogueBookPath : undefined) },
  ];
  const cut = (text: string, width: number) => {
    const flat = text.replace(/\s+/g, " ");
    return (flat.length > width ? `${flat.slice(0, width - 1)}…` : flat).padEnd(width);
  };
  const cell = (payload: Payload, pagePath: string | undefined) => {
    if (!pagePath) return "-";
    const result = results.get(pagePath);
    if (!result) return "not run";
    if (firedNumbers(result).has(payload.n)) return "FIRED";
    if (payload.kind === "rich" && pagePath === payload.pages[0] && result.residue.length) return `LEFT ${result.residue.join(",")}`;
    return "blocked";
  };
  const rows = [
    `${"#".padStart(3)}  ${cut("payload", 60)}  ${cut("field", 24)}  ${columns.map((column) => cut(column.label, 15)).join(" ")}`,
    ...payloads.map(
      (payload) =>
        `${String(payload.n).padStart(3)}  ${cut(payload.text, 60)}  ${cut(payload.kind === "rich" ? "rich text (all)" : payload.field, 24)}  ${columns
          .map((column) => cut(cell(payload, column.pick(payload)), 15))
          .join(" ")}`,
    ),
  ];
  const pageSummary = [...results.values()]
    .filter((result) => !result.page.startsWith("/activity/") || result.page === combinedActivityPath)
    .map((result) => `${result.page}: ${verdict(result).join("; ") || "clean"}`);
  console.log(
    `XSS payloads written: ${payloads.length} (${payloads.filter((payload) => payload.kind === "rich").length} in rich text, each alone on its own activity page and all together in every rich field)\n${rows.join("\n")}\n\nPer page (all payloads together):\n${pageSummary.join("\n")}`,
  );
}
