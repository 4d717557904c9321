import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { metricsRegistry } from "~/platform/metrics.server";
import { action, loader } from "~/routes/login";
import { action as logout } from "~/routes/logout";
import { requireAdmin } from "~/platform/auth.server";
import { loader as adminLoader } from "~/routes/admin";
import { getConfig } from "@server/config.server";
import { beginLoginAttempt, waitText } from "~/platform/login-throttle.server";
import { recordUpstreamCalls, upstream, UPSTREAM, userHandlers } from "../mocks/upstream";
import { request } from "../helpers/sessions";

const USERS = {
  "admin@dispusip.local": { password: "demo12345", role: 2, token: "a".repeat(64) },
  "staf@dispusip.local": { password: "demo12345", role: 1, token: "b".repeat(64) },
};

let clientCounter = 0;
/** Each test logs in from its own address, so the throttle of one test does not leak into another. */
function submit(fields: Record<string, string>, options: { cookie?: string; clientIp?: string; path?: string } = {}) {
  const clientIp = options.clientIp ?? `10.0.0.${++clientCounter}`;
  return action({
    request: request(options.path ?? "/login", { method: "POST", body: new URLSearchParams(fields), cookie: options.cookie }),
    params: {},
    context: { clientIp },
  }) as Promise<Response | { data: { result: { error?: Record<string, string[] | null> } }; init: ResponseInit | null }>;
}

function messages(result: Awaited<ReturnType<typeof submit>>) {
  if (result instanceof Response) throw new Error(`expected a form result, got ${result.status}`);
  return { status: result.init?.status, errors: result.data.result.error };
}

function sessionCookieFrom(response: Response) {
  const cookies = response.headers.getSetCookie();
  const session = cookies.filter((cookie) => cookie.startsWith("__session=")).at(-1);
  expect(session).toBeDefined();
  return session!;
}

describe("login", () => {
  it("logs an admin in with a server-side session and goes to the slider manager", async () => {
    upstream.use(...userHandlers(USERS));
    const response = await submit({ email: "admin@dispusip.local", password: "demo12345" });
    expect(response).toBeInstanceOf(Response);
    const redirect = response as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/admin/slider-manager");
    const cookie = sessionCookieFrom(redirect);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(decodeURIComponent(cookie)).not.toContain(USERS["admin@dispusip.local"].token);
    // The session works for the admin shell: it answers with its menu instead of a redirect.
    const sessionPair = cookie.split(";")[0];
    const shell = await adminLoader({ request: request("/admin", { cookie: sessionPair }), params: {}, context: { clientIp: "x" } });
    expect(shell.menu.map((section) => section.label)).toEqual(["Website Settings", "Mobile Settings", "Riwayat"]);
  });

  it("logs in against an upstream whose /users/me says only the role (spec §7), its token a number: the email is the admin's identity", async () => {
    upstream.use(
      http.post(`${UPSTREAM}/users/login`, () => HttpResponse.json({ token: 918273645 })),
      http.get(`${UPSTREAM}/users/me`, ({ request: incoming }) =>
        incoming.headers.get("authorization") === "Bearer 918273645" ? HttpResponse.json({ user: { role: 3, id: null, name: 12 } }) : HttpResponse.json({}, { status: 401 }),
      ),
    );
    const response = await submit({ email: "Admin@Dispusip.local", password: "demo12345" });
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Location")).toBe("/admin/slider-manager");
    const admin = await requireAdmin(request("/admin", { cookie: sessionCookieFrom(response as Response).split(";")[0] }));
    expect(admin.user).toEqual({ id: "email:admin@dispusip.local", name: "Admin@Dispusip.local", email: "Admin@Dispusip.local", role: 3 });
  });

  it("shows the spec's message for wrong credentials", async () => {
    upstream.use(...userHandlers(USERS));
    const result = messages(await submit({ email: "admin@dispusip.local", password: "salah" }));
    expect(result.status).toBe(401);
    expect(result.errors?.[""]).toEqual(["Login gagal periksa kembali email dan password kamu!"]);
  });

  it("validates the fields in Indonesian without calling the upstream", async () => {
    const calls = recordUpstreamCalls();
    const result = messages(await submit({ email: "bukan-email", password: "" }));
    expect(result.status).toBe(400);
    expect(result.errors?.email).toEqual(["Format email tidak valid"]);
    expect(result.errors?.password).toEqual(["Password wajib diisi"]);
    expect(calls).toEqual([]);
  });

  it("throttles after 5 attempts for one email, even from other addresses, and says how long to wait", async () => {
    upstream.use(...userHandlers(USERS));
    const email = "throttle@dispusip.local";
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(messages(await submit({ email, password: "salah" })).status).toBe(401);
    }
    const calls = recordUpstreamCalls();
    const blocked = await submit({ email: " Throttle@Dispusip.LOCAL ", password: "salah" });
    expect(messages(blocked).status).toBe(429);
    // The configured window (LOGIN_FAILURE_WINDOW_MS, 15 minutes by default), in Indonesian.
    expect(messages(blocked).errors?.[""]).toEqual(["Terlalu banyak percobaan login yang gagal. Silakan coba lagi dalam 15 menit."]);
    expect(Number(new Headers((blocked as { init: ResponseInit }).init.headers).get("Retry-After"))).toBe(900);
    expect(calls).toEqual([]);
    // Even the right password waits.
    const right = { ...USERS, [email]: { password: "benar-sekali", role: 2, token: "c".repeat(64) } };
    upstream.use(...userHandlers(right));
    expect(messages(await submit({ email, password: "benar-sekali" })).status).toBe(429);
  });

  it("counts each attempt before its password is checked: 40 at once for one account get at most 5 checks", async () => {
    const email = "serbu@dispusip.local";
    upstream.use(...userHandlers({ [email]: { password: "benar-sekali", role: 2, token: "d".repeat(64) } }));
    const calls = recordUpstreamCalls();
    // 39 wrong passwords and the right one last, all at once, from 40 addresses.
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) => submit({ email, password: index === 39 ? "benar-sekali" : `salah-${index}` })),
    );
    const statuses = results.map((result) => (result instanceof Response ? result.status : result.init?.status));
    expect(calls.filter((call) => call.path === "/api/users/login").length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(35);
    expect(statuses.filter((status) => status === 401 || status === 302).length).toBeLessThanOrEqual(5);
  });

  it("an office behind one address: five people's wrong passwords lock out nobody else", async () => {
    upstream.use(...userHandlers(USERS));
    const office = "10.77.0.1";
    for (let person = 0; person < 5; person++) {
      for (let attempt = 0; attempt < 4; attempt++) {
        expect(messages(await submit({ email: `staf${person}@dispusip.local`, password: "salah" }, { clientIp: office })).status).toBe(401);
      }
    }
    const response = await submit({ email: "admin@dispusip.local", password: "demo12345" }, { clientIp: office });
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
  });

  it("throttles one address after LOGIN_MAX_FAILURES_PER_ADDRESS (100) attempts, whatever the emails", async () => {
    upstream.use(...userHandlers(USERS));
    const address = "10.88.0.1";
    const { maxFailuresPerAddress } = getConfig().login;
    expect(maxFailuresPerAddress).toBe(100);
    for (let attempt = 0; attempt < maxFailuresPerAddress; attempt++) {
      expect(messages(await submit({ email: `orang${attempt}@dispusip.local`, password: "salah" }, { clientIp: address })).status).toBe(401);
    }
    const calls = recordUpstreamCalls();
    const blocked = messages(await submit({ email: "admin@dispusip.local", password: "demo12345" }, { clientIp: address }));
    expect(blocked.status).toBe(429);
    expect(calls).toEqual([]);
    // The account itself was not charged for the address's refusal: from elsewhere it logs in.
    expect(((await submit({ email: "admin@dispusip.local", password: "demo12345" })) as Response).status).toBe(302);
  });

  it("a successful login clears the account's failures", async () => {
    const email = "lupa@dispusip.local";
    upstream.use(...userHandlers({ [email]: { password: "benar-sekali", role: 2, token: "e".repeat(64) } }));
    for (let attempt = 0; attempt < 4; attempt++) expect(messages(await submit({ email, password: "salah" })).status).toBe(401);
    expect(((await submit({ email, password: "benar-sekali" })) as Response).status).toBe(302);
    for (let attempt = 0; attempt < 5; attempt++) expect(messages(await submit({ email, password: "salah" })).status).toBe(401);
    expect(messages(await submit({ email, password: "salah" })).status).toBe(429);
  });

  it("does not count an attempt the upstream could not answer", async () => {
    const email = "padam@dispusip.local";
    upstream.use(http.post(`${UPSTREAM}/users/login`, () => HttpResponse.error()));
    for (let attempt = 0; attempt < 6; attempt++) expect(messages(await submit({ email, password: "salah" })).status).toBe(503);
    upstream.resetHandlers();
    upstream.use(...userHandlers(USERS));
    expect(messages(await submit({ email, password: "salah" })).status).toBe(401);
  });

  it("says the upstream's own limit (429) as such, not as a wrong password, and counts no attempt for it", async () => {
    const email = "sibuk@dispusip.local";
    upstream.use(http.post(`${UPSTREAM}/users/login`, () => HttpResponse.json({ message: "Too Many Attempts." }, { status: 429 })));
    for (let attempt = 0; attempt < 6; attempt++) {
      expect(messages(await submit({ email, password: "salah" }))).toEqual({ status: 429, errors: { "": ["Server sedang membatasi percobaan login. Silakan coba lagi sebentar lagi."] } });
    }
    upstream.resetHandlers();
    upstream.use(...userHandlers(USERS));
    expect(messages(await submit({ email, password: "salah" })).status).toBe(401);
  });

  it("ends a token the upstream gave when it then cannot say whose it is", async () => {
    const logouts: string[] = [];
    upstream.use(...userHandlers(USERS));
    upstream.use(
      http.get(`${UPSTREAM}/users/me`, () => HttpResponse.json({ error: "Pengguna tidak ditemukan" }, { status: 404 })),
      http.post(`${UPSTREAM}/users/logout`, ({ request: incoming }) => {
        logouts.push(incoming.headers.get("authorization") ?? "");
        return HttpResponse.json({ message: "ok" });
      }),
    );
    expect(messages(await submit({ email: "admin@dispusip.local", password: "demo12345" })).status).toBe(401);
    expect(logouts).toHaveLength(1);
  });

  it("does not give back unanswered attempts once the account is locked: they would unlock it for the next guess", async () => {
    const email = "terkunci@dispusip.local";
    const address = "192.0.2.77";
    // Five attempts let through, their upstream still silent; two more refused: the account is locked.
    const pending = await Promise.all(Array.from({ length: 5 }, () => beginLoginAttempt(email, address)));
    expect(pending.every((attempt) => attempt.allowed)).toBe(true);
    for (let attempt = 0; attempt < 2; attempt++) expect((await beginLoginAttempt(email, address)).allowed).toBe(false);
    // The five then end without an answer (a slow upstream): the lock holds.
    for (const attempt of pending) if (attempt.allowed) await attempt.undecided();
    expect((await beginLoginAttempt(email, address)).allowed).toBe(false);
  });

  it("states the configured wait in Indonesian", () => {
    expect(waitText(15 * 60_000)).toBe("15 menit");
    expect(waitText(90 * 60_000)).toBe("1 jam 30 menit");
    expect(waitText(45_000)).toBe("45 detik");
    expect(waitText(1_500)).toBe("2 detik");
    expect(waitText(24 * 3_600_000)).toBe("1 hari");
  });

  it("honours redirectTo only for paths on this site", async () => {
    upstream.use(...userHandlers(USERS));
    const credentials = { email: "admin@dispusip.local", password: "demo12345" };
    for (const [redirectTo, expected] of [
      ["/admin/banner", "/admin/banner"],
      ["https://evil.example/", "/admin/slider-manager"],
      ["//evil.example/", "/admin/slider-manager"],
      ["/\\evil.example", "/admin/slider-manager"],
      ["/.//evil.example/", "/admin/slider-manager"],
      ["javascript:alert(1)", "/admin/slider-manager"],
    ]) {
      const response = (await submit({ ...credentials, redirectTo })) as Response;
      expect(response.headers.get("Location"), redirectTo).toBe(expected);
    }
  });

  it("says the service is unavailable when the upstream is down", async () => {
    upstream.use(http.post(`${UPSTREAM}/users/login`, () => HttpResponse.error()));
    const result = messages(await submit({ email: "admin@dispusip.local", password: "demo12345" }));
    expect(result.status).toBe(503);
    expect(result.errors?.[""]?.[0]).toMatch(/tidak dapat dihubungi/);
  });

  it("starts a new session id at login and destroys the one before", async () => {
    upstream.use(...userHandlers(USERS));
    const first = sessionCookieFrom((await submit({ email: "admin@dispusip.local", password: "demo12345" })) as Response).split(";")[0];
    const second = (await submit({ email: "admin@dispusip.local", password: "demo12345" }, { cookie: first })) as Response;
    const secondCookie = sessionCookieFrom(second).split(";")[0];
    expect(secondCookie).not.toBe(first);
    // The old id no longer opens the admin.
    await expect(adminLoader({ request: request("/admin", { cookie: first }), params: {}, context: { clientIp: "x" } })).rejects.toMatchObject({
      status: 302,
    });
  });

  it("logout destroys the session on the server", async () => {
    upstream.use(...userHandlers(USERS));
    const cookie = sessionCookieFrom((await submit({ email: "admin@dispusip.local", password: "demo12345" })) as Response).split(";")[0];
    const out = (await logout({ request: request("/logout", { method: "POST", cookie }), params: {}, context: { clientIp: "x" } })) as Response;
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/");
    expect(out.headers.get("Set-Cookie")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
    await expect(adminLoader({ request: request("/admin", { cookie }), params: {}, context: { clientIp: "x" } })).rejects.toMatchObject({
      status: 302,
    });
  });

  it("logout revokes the upstream token, without waiting long for it and whatever the upstream answers", async () => {
    upstream.use(...userHandlers(USERS));
    const revoked: Array<string | null> = [];
    upstream.use(
      http.post(`${UPSTREAM}/users/logout`, ({ request: call }) => {
        revoked.push(call.headers.get("authorization"));
        return HttpResponse.json({ message: "Berhasil keluar" });
      }),
    );
    const logIn = async () => sessionCookieFrom((await submit({ email: "admin@dispusip.local", password: "demo12345" })) as Response).split(";")[0];
    const logOut = async (cookie: string) => {
      const out = (await logout({ request: request("/logout", { method: "POST", cookie }), params: {}, context: { clientIp: "x" } })) as Response;
      return { status: out.status, cookie: out.headers.get("Set-Cookie") };
    };
    expect((await logOut(await logIn())).status).toBe(302);
    expect(revoked).toEqual([`Bearer ${"a".repeat(64)}`]);

    // An upstream that never answers, or fails: logout is not held up and does not fail. Never
    // answering, the revocation has not timed out yet when logout answers (an order, not a time):
    // logout did not wait out the revocation's own timeout, which the metrics would count first.
    const neverAnswers = () => new Promise<never>(() => {});
    // Never answering comes last: its revocation times out in the background after the test.
    for (const answer of [() => HttpResponse.json({ error: "rusak" }, { status: 500 }), () => HttpResponse.error(), neverAnswers]) {
      upstream.use(http.post(`${UPSTREAM}/users/logout`, answer));
      const cookie = await logIn();
      const timeoutsBefore = await upstreamTimeouts();
      const out = await logOut(cookie);
      expect(out.status).toBe(302);
      expect(await upstreamTimeouts(), "no upstream call timed out before logout answered").toBe(timeoutsBefore);
      expect(out.cookie).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
      await expect(adminLoader({ request: request("/admin", { cookie }), params: {}, context: { clientIp: "x" } })).rejects.toMatchObject({ status: 302 });
    }
  });

  it("sends an admin who is already logged in to the back-office", async () => {
    upstream.use(...userHandlers(USERS));
    const cookie = sessionCookieFrom((await submit({ email: "admin@dispusip.local", password: "demo12345" })) as Response).split(";")[0];
    await expect(loader({ request: request("/login", { cookie }), params: {}, context: { clientIp: "x" } })).rejects.toMatchObject({
      status: 302,
    });
    // Anyone else gets the login page, with how old a form draft may be (its script sweeps older
    // ones); run from source, without a build beside it, the page has no script and works without.
    await expect(loader({ request: request("/login"), params: {}, context: { clientIp: "x" } })).resolves.toEqual({ draftMaxAgeMs: expect.any(Number), script: null });
  });
});

/** Upstream calls that timed out so far, as the metrics count them. */
async function upstreamTimeouts(): Promise<number> {
  const { values } = await metricsRegistry.getSingleMetric("dispusip_upstream_request_duration_seconds")!.get();
  return values.find((value) => (value as { metricName?: string }).metricName?.endsWith("_count") && value.labels.outcome === "timeout")?.value ?? 0;
}
