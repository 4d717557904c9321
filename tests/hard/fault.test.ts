import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiData, decodeHtmlEntities } from "../e2e/helpers/index.ts";
import { reportCase } from "./report.ts";
import { exportPath } from "~/admin-kit/menu";
import { UPSTREAM_CHECK_REUSE_MS } from "@server/upstream-health.server";
import { ADMIN_SCREENS, formOf } from "./screens.ts";
import { describeFault, FAULTS, INDONESIAN_FAILURE, isRunning, logIn, startHardStack, unhandledFailures, type Fault, type HardStack } from "./stack.ts";

/**
 * Upstream faults against every public and admin route of a real BFF process: for each fault the
 * proxy misbehaves on every call (login and role checks excepted, so the admin stays logged in),
 * and every route is visited at once. The process must stay up with no unhandled failure; a
 * visitor gets the page (degraded) or a 502/503 in Indonesian; an admin's failed save answers
 * with their form and what they typed.
 */

interface Visit {
  what: string;
  /** Sends the request; resolves with status and body text. */
  send(): Promise<{ status: number; text: string }>;
  /** What a correct answer looks like under a fault; returns a failure description or undefined. */
  judge(status: number, text: string, fault: Fault): string | undefined;
}

let stack: HardStack;
let cookie: string;
let visits: Visit[];

const SAFETY_LIMIT_MS = 60_000;
/** What a visit records when the answer started but its body did not arrive whole. */
const DOWNLOAD_BROKEN_OFF = "(download broken off)";
/** Faults that break an answer off after its head. */
const BODY_FAULTS = new Set<Fault["kind"]>(["stall-body", "cut-body"]);

async function answer(response: Response) {
  return { status: response.status, text: decodeHtmlEntities(await response.text()) };
}

/** A 5xx must be a 502/503 that says what happened in Indonesian. */
function judgeFailure(status: number, text: string): string | undefined {
  if (status < 500) return undefined;
  if (status !== 502 && status !== 503) return `answered ${status}`;
  if (!INDONESIAN_FAILURE.test(text)) return `answered ${status} without an Indonesian message`;
  return undefined;
}

beforeAll(async () => {
  stack = await startHardStack();
  cookie = await logIn(stack.bff.url);
  const base = stack.bff.url;
  const [activity] = await apiData<Array<{ id: number | string; file?: string | null }>>(stack.referenceApi.url, "/activities");
  const withFile = (await apiData<Array<{ file?: string | null }>>(stack.referenceApi.url, "/banners")).find((banner) => banner.file);

  const get = (path: string, headers: Record<string, string> = {}) => () =>
    fetch(`${base}${path}`, { headers, redirect: "manual", signal: AbortSignal.timeout(SAFETY_LIMIT_MS) }).then(answer);

  const publicPaths = [
    "/about",
    "/history",
    `/activity/${activity.id}`,
    "/privacy-policy",
    "/terms",
    "/organization-tree",
    // Koleksi Digital: the reader account's login and the catalogue's reads meet the same faults.
    "/katalog",
    "/katalog/video",
    "/activity/feed.xml",
    "/halaman-yang-tidak-ada",
    "/sitemap.xml",
    "/robots.txt",
    "/login",
  ];
  const filePath = `/files/${withFile?.file ?? "tidak-ada.jpg"}`;
  visits = [
    {
      what: "GET /",
      send: get("/"),
      // Home leaves out the sections it cannot load and still renders.
      judge: (status) => (status === 200 ? undefined : `answered ${status}, not the degraded home page`),
    },
    ...publicPaths.map((path) => ({ what: `GET ${path}`, send: get(path), judge: judgeFailure })),
    {
      what: `GET ${filePath}`,
      send: () =>
        fetch(`${base}${filePath}`, { signal: AbortSignal.timeout(SAFETY_LIMIT_MS) }).then((response) =>
          answer(response).catch(() => ({ status: response.status, text: DOWNLOAD_BROKEN_OFF })),
        ),
      // A file goes to the visitor as it comes: when the upstream's body breaks off, so must the download.
      judge: (status: number, text: string, fault: Fault) =>
        text === DOWNLOAD_BROKEN_OFF ? (BODY_FAULTS.has(fault.kind) ? undefined : "the download broke off") : judgeFailure(status, text),
    },
    {
      what: "GET /readyz",
      // Asked once the verdict of the check before this fault (the last case's) has had its period:
      // /readyz reuses a check for UPSTREAM_CHECK_REUSE_MS, and reports a fault after that at the latest.
      send: () => delay(UPSTREAM_CHECK_REUSE_MS + 100).then(get("/readyz")),
      judge: (status: number, text: string, fault: Fault) =>
        // Ready means the upstream answers below 500, whatever its body; a failure says which check failed.
        status === (["hang", "reset", "status"].includes(fault.kind) ? 503 : 200) ? undefined : `answered ${status} ${text.slice(0, 100)}`,
    },
    ...ADMIN_SCREENS.map((screen) => ({
      what: `GET ${screen.path} (admin)`,
      send: get(screen.path, { cookie }),
      judge: (status: number, text: string) => {
        if (status === 302) return "the admin was sent away";
        return judgeFailure(status, text);
      },
    })),
    ...ADMIN_SCREENS.filter((screen) => screen.definition.exportable).map((screen) => ({
      what: `GET ${exportPath(screen.definition.id)} (admin export)`,
      send: () =>
        fetch(`${base}${exportPath(screen.definition.id)}`, { headers: { cookie }, redirect: "manual", signal: AbortSignal.timeout(SAFETY_LIMIT_MS) }).then(
          async (response) => ({ status: response.status, text: `${response.headers.get("location") ?? ""} ${await response.text()}` }),
        ),
      // The file, or back to the screen, which says the list could not be loaded.
      judge: (status: number, text: string) =>
        status === 200 || (status === 302 && text.startsWith(`${screen.path} `)) ? undefined : `answered ${status} ${text.slice(0, 40)}`,
    })),
    ...ADMIN_SCREENS.map((screen) => {
      const marker = `Isian ${screen.definition.id} ${Math.random().toString(36).slice(2, 8)}`;
      const typedField = Object.keys(screen.valid).find((name) => typeof screen.valid[name] === "string" && !/date|_id$|url|email/.test(name))!;
      return {
        what: `POST ${screen.path} update (admin)`,
        send: () =>
          fetch(`${base}${screen.path}?modal=edit&id=1`, {
            method: "POST",
            headers: { cookie, origin: base },
            body: formOf({ intent: "update", id: "1", ...screen.valid, [typedField]: marker }),
            redirect: "manual",
            signal: AbortSignal.timeout(SAFETY_LIMIT_MS),
          }).then(answer),
        judge: (status: number, text: string) => {
          if (status === 302) return undefined; // the upstream took it (a delay, or a 200 whatever its body)
          const failure = judgeFailure(status, text);
          if (failure) return failure;
          if (status < 500) return `answered ${status}`;
          // The admin's form comes back with what they typed (upper-cased where the screen does so).
          return text.toLocaleLowerCase("id-ID").includes(marker.toLocaleLowerCase("id-ID")) ? undefined : "the form lost the admin's input";
        },
      };
    }),
  ];
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe("upstream faults, every route at once", () => {
  for (const fault of FAULTS) {
    it(`${describeFault(fault)}: the process stays up and every route answers sensibly`, async () => {
      const seenFailures = unhandledFailures(stack.bff).length;
      stack.upstream.fault = fault;
      const results = await Promise.all(
        visits.map(async (visit) => {
          try {
            const { status, text } = await visit.send();
            return { visit, status, problem: visit.judge(status, text, fault) };
          } catch (error) {
            return { visit, status: 0, problem: `no answer (${(error as Error).message})` };
          }
        }),
      );
      stack.upstream.reset();
      const unhandled = unhandledFailures(stack.bff).slice(seenFailures);
      for (const { visit, status, problem } of results) {
        reportCase({
          suite: "fault",
          tried: `${describeFault(fault)}: ${visit.what}`,
          got: problem ?? `${status}`,
          passed: problem === undefined,
        });
      }
      expect(results.filter((result) => result.problem).map((result) => `${result.visit.what}: ${result.problem}`)).toEqual([]);
      expect(isRunning(stack.bff)).toBe(true);
      expect(unhandled).toEqual([]);
    });
  }

  it("recovers once the upstream is healthy again", async () => {
    const home = await fetch(stack.bff.url);
    const text = await home.text();
    const admin = await fetch(`${stack.bff.url}/admin/activity`, { headers: { cookie }, redirect: "manual" });
    reportCase({ suite: "fault", tried: "upstream healthy again: GET / and /admin/activity", got: `${home.status}, ${admin.status}`, passed: home.ok && admin.ok });
    expect(home.status).toBe(200);
    expect(text).toContain("Kegiatan");
    expect(admin.status).toBe(200);
  });
});
