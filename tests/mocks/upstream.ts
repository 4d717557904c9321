import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";

/** The upstream API as the unit and integration tests see it (UPSTREAM_API_URL in tests/setup/unit.ts). */
export const UPSTREAM = "http://upstream.test/api";

export const upstream = setupServer();

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | null;
}

/** Records every request that reaches the mocked upstream, whatever handler answers it. */
export function recordUpstreamCalls(): RecordedCall[] {
  const calls: RecordedCall[] = [];
  upstream.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    calls.push({ method: request.method, path: url.pathname + url.search, authorization: request.headers.get("authorization") });
  });
  return calls;
}

export const DEMO_TOKEN = "token-role-3";

/** Login and /users/me for a user of the given role; any other credentials are refused. */
export function userHandlers(users: Record<string, { password: string; role: number; token: string }>) {
  return [
    http.post(`${UPSTREAM}/users/login`, async ({ request }) => {
      const body = (await request.json()) as { email?: string; password?: string };
      const user = body.email ? users[body.email] : undefined;
      if (!user || user.password !== body.password) {
        return HttpResponse.json({ error: "Email atau password salah" }, { status: 401 });
      }
      return HttpResponse.json({ token: user.token });
    }),
    http.get(`${UPSTREAM}/users/me`, ({ request }) => {
      const token = request.headers.get("authorization")?.replace(/^Bearer /, "");
      const entry = Object.entries(users).find(([, user]) => user.token === token);
      if (!entry) return HttpResponse.json({ error: "Token tidak valid" }, { status: 401 });
      const [email, user] = entry;
      return HttpResponse.json({ user: { id: 1, name: "Pengguna", email, role: user.role } });
    }),
    http.post(`${UPSTREAM}/users/logout`, () => HttpResponse.json({ message: "Berhasil keluar" })),
  ];
}
