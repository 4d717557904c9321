import { commitSession, startSession, type SessionUser } from "~/platform/session.server";
import { requestWithBody } from "./form-body.ts";

/** A Cookie header for a logged-in session with the given role, as the login action would make it. */
export async function sessionCookie(role: number, options: { token?: string; roleCheckedAgoMs?: number; userId?: number } = {}) {
  const user: SessionUser = { id: options.userId ?? 1, name: "Pengguna Uji", email: `role${role}@dispusip.local`, role };
  const session = await startSession(options.token ?? `token-role-${role}`, user);
  if (options.roleCheckedAgoMs) session.set("roleCheckedAt", Date.now() - options.roleCheckedAgoMs);
  const setCookie = await commitSession(session);
  return setCookie.split(";")[0];
}

export function request(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return requestWithBody(`http://localhost${path}`, { ...init, headers });
}
