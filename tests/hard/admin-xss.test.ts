import type { BrowserContext, Dialog } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiData, runCanaries, waitForHydrationOrExplain } from "../e2e/helpers/index.ts";
import { chromiumForFile } from "./chromium.ts";
import { richText } from "~/admin-kit/fields";
import { RICH_PAYLOADS } from "../e2e/xss-corpus.ts";
import { reportCase } from "./report.ts";
import { formOf } from "./screens.ts";
import { logIn, startHardStack, unhandledFailures, type HardStack } from "./stack.ts";

/**
 * The XSS corpus saved through the admin's own forms (not straight upstream, as
 * tests/e2e/public-xss.test.ts does), into every rich-text field, then the public pages opened
 * in Chromium with the site's Content-Security-Policy enforced: no payload runs, the browser
 * reports no CSP violation, and what the site sent upstream already carries no active markup.
 */

interface RichField {
  screen: string;
  apiPath: string;
  field: string;
  /** The other fields a valid save needs. */
  rest: Record<string, string>;
  /** The public page that renders it (`{id}` is the record's id). */
  page: string;
}

const RICH_FIELDS: RichField[] = [
  { screen: "/admin/activity", apiPath: "/activities", field: "description", rest: { date: "2026-11-01", title: "Kegiatan XSS" }, page: "/activity/{id}" },
  { screen: "/admin/history", apiPath: "/histories", field: "description", rest: { title: "Sejarah XSS" }, page: "/history" },
  { screen: "/admin/about-manager", apiPath: "/abouts", field: "description", rest: { title: "Tentang XSS" }, page: "/about" },
  { screen: "/admin/about-manager", apiPath: "/abouts", field: "privacy_policy", rest: { title: "Tentang XSS" }, page: "/privacy-policy" },
  { screen: "/admin/about-manager", apiPath: "/abouts", field: "terms_and_condition", rest: { title: "Tentang XSS" }, page: "/terms" },
];

/** Markup that can run script, as it would sit in stored HTML. */
const ACTIVE_MARKUP = /<(script|iframe|object|embed|base|meta|link|form)\b|<[^>]*\son[a-z]+\s*=|\b(href|src|action|formaction|data)\s*=\s*["']?\s*(javascript|vbscript|data):/i;


/** Whether the rich-text field's rule takes the text (it refuses a picture given as bytes, app/admin-kit/fields.ts). */
const takenByForm = (html: string) => richText()("Deskripsi").safeParse(html).success;

let stack: HardStack;
const chromium = chromiumForFile();
let context: BrowserContext;
const pagesToVisit: Array<{ field: RichField; path: string }> = [];
/** Per field: the upstream record's stored HTML right after the admin's save. */
const stored = new Map<RichField, string>();

beforeAll(async () => {
  stack = await startHardStack();
  const cookie = await logIn(stack.bff.url);
  const values = new Map<string, Record<string, string>>();
  RICH_FIELDS.forEach((field, index) => {
    // One save per record: the about record takes its three rich fields at once. A payload the
    // form's own rule refuses (a picture by data:) never gets that far: it is checked below.
    const payloads = RICH_PAYLOADS.map((payload, n) => `<p>${payload(index * 100 + n + 1)}</p>`).filter(takenByForm).join("\n");
    values.set(field.screen, { ...values.get(field.screen), ...field.rest, [field.field]: payloads });
  });
  for (const [screen, fields] of values) {
    const field = RICH_FIELDS.find((candidate) => candidate.screen === screen)!;
    const [first] = await apiData<Array<{ id: number | string }>>(stack.referenceApi.url, field.apiPath);
    const response = await fetch(`${stack.bff.url}${screen}?modal=edit&id=${first.id}`, {
      method: "POST",
      headers: { cookie, origin: stack.bff.url },
      body: formOf({ intent: "update", id: String(first.id), ...fields }),
      redirect: "manual",
    });
    if (response.status !== 302) throw new Error(`saving ${screen} answered ${response.status}`);
  }
  for (const field of RICH_FIELDS) {
    const [first] = await apiData<Array<Record<string, unknown>>>(stack.referenceApi.url, field.apiPath);
    stored.set(field, String(first[field.field] ?? ""));
    pagesToVisit.push({ field, path: field.page.replace("{id}", String(first.id)) });
  }
  // Lives until the end of the file (closed with the browser).
  context = await chromium.browser.newContext();
  await context.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

describe("the XSS corpus saved through the admin forms", () => {
  it("the admin's saves reached the upstream", () => {
    for (const field of RICH_FIELDS) expect(stored.get(field), field.field).toContain("<p>");
  });

  it("a save carrying a payload the form refuses (a picture as data:) is answered 400 and writes nothing", async () => {
    const refused = RICH_PAYLOADS.map((payload, n) => payload(900 + n)).filter((html) => !takenByForm(html));
    expect(refused.length).toBeGreaterThan(0);
    const [field] = RICH_FIELDS;
    const [first] = await apiData<Array<{ id: number | string }>>(stack.referenceApi.url, field.apiPath);
    const writes = stack.upstream.writes.length;
    const response = await fetch(`${stack.bff.url}${field.screen}?modal=edit&id=${first.id}`, {
      method: "POST",
      headers: { cookie: await logIn(stack.bff.url), origin: stack.bff.url },
      body: formOf({ intent: "update", id: String(first.id), ...field.rest, [field.field]: refused.join("\n") }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(stack.upstream.writesSince(writes)).toEqual([]);
  });

  for (const field of RICH_FIELDS) {
    it(`${field.screen} ${field.field}: what went upstream has no active markup`, () => {
      const html = stored.get(field) ?? "";
      const found = html.match(ACTIVE_MARKUP)?.[0];
      reportCase({
        suite: "attack",
        tried: `XSS corpus (${RICH_PAYLOADS.length} payloads) saved via ${field.screen} ${field.field}: stored HTML`,
        got: found ? `active markup ${found}` : `clean (${html.length} chars)`,
        passed: !found,
      });
      expect(found).toBeUndefined();
    });
  }

  it("the watch notices markup that tries to run (a control: CSP blocks it and says so)", async () => {
    const page = await context.newPage();
    await page.goto(`${stack.bff.url}/about`);
    await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", '<img src="data:," onerror="top.__xss=1">'));
    const violations = () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
    await expect.poll(violations, { timeout: 10_000, message: "the watch reports the blocked handler" }).not.toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), "the handler was blocked").toBeUndefined();
    await page.close();
  });

  it("no payload runs on the public pages and Chromium reports no CSP violation", async () => {
    const problems: string[] = [];
    for (const { field, path } of pagesToVisit) {
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on("dialog", (dialog: Dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss().catch(() => {});
      });
      const consoleCsp: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) consoleCsp.push(message.text().slice(0, 120));
      });
      const response = await page.goto(`${stack.bff.url}${path}`);
      await waitForHydrationOrExplain(page);
      await page.evaluate(() => {
        // Links to pages would navigate away; anything else (a javascript: URL) is let through.
        document.addEventListener("click", (event) => {
          const link = (event.target as Element).closest?.("a[href]") as HTMLAnchorElement | null;
          if (link && /^https?:$/.test(link.protocol)) event.preventDefault();
        }, true);
        for (const element of document.querySelectorAll<HTMLElement>("main *")) {
          for (const type of ["pointerover", "mouseover", "mouseenter"]) element.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, view: window }));
          element.focus?.();
          element.click?.();
        }
      });
      // What the poke set off has run (or been refused and reported) once what is set off after
      // it has. A payload that ran may have replaced the document under the canaries: they run
      // again in the new one.
      await runCanaries(page, { link: false });
      const { xss, violations } = await page.evaluate(() => ({
        xss: (window as unknown as { __xss?: unknown }).__xss,
        violations: (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
      }));
      await page.close();
      const found = [
        ...(response?.status() === 200 ? [] : [`status ${response?.status()}`]),
        ...dialogs.map((text) => `alert(${text})`),
        ...(xss === undefined ? [] : [`__xss=${String(xss)}`]),
        ...violations.map((violation) => `CSP violation ${violation}`),
        ...consoleCsp,
      ];
      reportCase({
        suite: "attack",
        tried: `XSS corpus via ${field.screen} ${field.field}: GET ${path} in Chromium (CSP enforced, every element hovered, focused, clicked)`,
        got: found.length ? found.join("; ") : "nothing ran, no CSP violation",
        passed: found.length === 0,
      });
      problems.push(...found.map((problem) => `${path}: ${problem}`));
    }
    expect(problems).toEqual([]);
    expect(unhandledFailures(stack.bff)).toEqual([]);
  });
});
