import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { optionsHref } from "~/admin-kit/pickers";
import { askOptions } from "~/components/admin/picker-parts";
import * as optionsRoute from "~/routes/admin.options.$list";
import { request } from "../helpers/sessions";
import { recordUpstreamCalls, upstream, UPSTREAM } from "../mocks/upstream";
import { servePagedList } from "./admin-catalogue-support";
import { adminCookie } from "./admin-screen-support";

/**
 * Issue 35: `/admin/options/<list>` (the book form's pickers, asked with fetch as the admin types)
 * ends the session when the upstream refuses its token (401, 403), as every other admin load and
 * action does (spec §6, `endingSessionOnRefusal`): a redirect to `/` that destroys the session,
 * not a 503 that keeps a session whose token is worthless. The picker follows that redirect.
 */

const REFUSALS = [
  { status: 401, error: "Token tidak valid atau sudah kedaluwarsa" },
  { status: 403, error: "Anda tidak memiliki akses untuk tindakan ini" },
] as const;

const BFF = "http://localhost";

/** What the loader answered or threw: a Response (a redirect), or its data and status. */
async function options(list: string, cookie: string): Promise<Response | { status: number; body: unknown }> {
  try {
    const result: unknown = await optionsRoute.loader({ request: request(`/admin/options/${list}`, { cookie }), params: { list }, context: { clientIp: "127.0.0.1" } });
    if (!(result instanceof Response)) throw new Error("the options route answered data(), not a Response");
    return result.status >= 300 && result.status < 400 ? result : { status: result.status, body: await result.json() };
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function expectSessionEnded(answer: unknown, what: string) {
  expect(answer, what).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.status, what).toBe(302);
  expect(response.headers.get("Location"), what).toBe("/");
  expect(response.headers.get("Set-Cookie"), what).toMatch(/^__session=;.*Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
}

/** The BFF as the browser reaches it: its options route, and `/` where a redirect lands. */
function serveBff(cookie: string) {
  upstream.use(
    http.get(`${BFF}/admin/options/:list`, async ({ request: incoming, params }) => {
      // The browser sends the session's cookie with the fetch.
      const headers = new Headers(incoming.headers);
      headers.set("Cookie", cookie);
      try {
        const asked = new Request(incoming.url, { headers });
        const result = await optionsRoute.loader({ request: asked, params: { list: String(params.list) }, context: { clientIp: "127.0.0.1" } });
        if (result instanceof Response) return result;
        throw new Error("the options route answered data(), not a Response");
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    }),
    http.get(`${BFF}/`, () => HttpResponse.text("<!doctype html><title>Beranda</title>", { headers: { "Content-Type": "text/html" } })),
  );
}

describe.each(REFUSALS)("an upstream that refuses the token with $status", (refusal) => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await adminCookie();
  });

  it("a picker's search ends the session: a redirect to / that clears the cookie, and the session's record is gone", async () => {
    upstream.use(http.get(`${UPSTREAM}/authors`, () => HttpResponse.json({ error: refusal.error }, { status: refusal.status })));
    const calls = recordUpstreamCalls();
    expectSessionEnded(await options("author", cookie), "the search");
    expect(calls.map((call) => call.path.split("?")[0])).toContain("/api/authors");

    // The old cookie no longer opens the back-office: sent to `/` before any upstream call.
    calls.length = 0;
    servePagedList("/authors", "author", 3, (id) => ({ id, name: `Pengarang ${id}` }));
    const again = await options("author", cookie);
    expect(again).toBeInstanceOf(Response);
    expect((again as Response).headers.get("Location")).toBe("/");
    expect(calls).toEqual([]);
  });

  it("the picker in the browser follows that redirect to / instead of showing the list as failed", async () => {
    upstream.use(http.get(`${UPSTREAM}/authors`, () => HttpResponse.json({ error: refusal.error }, { status: refusal.status })));
    serveBff(cookie);
    const left: string[] = [];
    const found = await askOptions(`${BFF}${optionsHref("author", "peng")}`, new AbortController().signal, (url) => left.push(url));
    expect(found).toBeUndefined();
    expect(left).toEqual([`${BFF}/`]);
  });
});

describe("what keeps the session", () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await adminCookie();
  });

  it("an upstream failing otherwise (500) is a 503 with the screen's message, and the admin stays logged in", async () => {
    upstream.use(http.get(`${UPSTREAM}/authors`, () => HttpResponse.json({ error: "rusak" }, { status: 500 })));
    expect(await options("author", cookie)).toEqual({ status: 503, body: { error: "Gagal mendapatkan data!" } });

    upstream.resetHandlers();
    servePagedList("/authors", "author", 3, (id) => ({ id, name: `Pengarang ${id}` }));
    expect(await options("author", cookie)).toMatchObject({ status: 200, body: { total: 3 } });
  });

  it("the picker in the browser takes a failure as a failure and an answer as its options (no navigation)", async () => {
    upstream.use(http.get(`${UPSTREAM}/authors`, () => HttpResponse.json({ error: "rusak" }, { status: 500 })));
    serveBff(cookie);
    const left: string[] = [];
    await expect(askOptions(`${BFF}${optionsHref("author", "x")}`, new AbortController().signal, (url) => left.push(url))).rejects.toThrow("HTTP 503");

    upstream.resetHandlers();
    servePagedList("/authors", "author", 3, (id) => ({ id, name: `Pengarang ${id}` }));
    serveBff(cookie);
    const found = await askOptions(`${BFF}${optionsHref("author", "pengarang 2")}`, new AbortController().signal, (url) => left.push(url));
    expect(found).toEqual({ options: [{ value: "2", label: "Pengarang 2", detail: "0 buku" }], total: 1 });
    expect(left).toEqual([]);
  });
});
