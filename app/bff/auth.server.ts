import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import * as z from "zod";
import {
  commitSession,
  destroySession,
  getSession,
  touchSession,
  type AppSession,
  type SessionUser,
} from "./session.server.ts";
import { createUpstreamClient, isUpstreamError, type UpstreamClient } from "./upstream.server.ts";
import { fetchCurrentUser, logIn, logOutUpstream } from "./users.server.ts";

/** Roles allowed into the back-office (spec §6). */
export const ADMIN_ROLES: ReadonlySet<number> = new Set([2, 3]);
/** How long a confirmed role is trusted before /users/me is asked again. */
const ROLE_RECHECK_MS = 60_000;

/** The upstream refused the credentials (as opposed to being unreachable). */
export class LoginRejected extends Error {}

export interface LoggedIn {
  token: string;
  user: SessionUser;
}

/** An upstream client for this visitor's request: their abort signal, request id and token. */
export function upstreamFor(request: Request, token?: string): UpstreamClient {
  return createUpstreamClient({
    signal: request.signal,
    requestId: request.headers.get("x-request-id") ?? undefined,
    token,
  });
}

/** The form's own schema (app/forms/login.ts) gives the visitor field messages; this only guards the call. */
const credentialsSchema = z.object({ email: z.string().trim().min(1), password: z.string().min(1) });

export const authenticator = new Authenticator<LoggedIn>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const credentials = credentialsSchema.safeParse(Object.fromEntries(form));
    if (!credentials.success) throw new LoginRejected();
    try {
      const token = await logIn(upstreamFor(request), credentials.data);
      const user = await fetchCurrentUser(upstreamFor(request, token));
      return { token, user };
    } catch (error) {
      if (isUpstreamError(error) && error.kind === "http" && error.status >= 400 && error.status < 500) {
        throw new LoginRejected();
      }
      throw error;
    }
  }),
  "form",
);

export interface AdminContext {
  session: AppSession;
  user: SessionUser;
  api: UpstreamClient;
}

/**
 * The guard every admin loader and action calls itself (a layout's check does not protect
 * its children: Remix runs their loaders in parallel). Roles 2 and 3 pass; anyone else, or a
 * role that cannot be confirmed, is redirected to `/`.
 */
export async function requireAdmin(request: Request): Promise<AdminContext> {
  const session = await getSession(request);
  const token = session.get("token");
  if (!token) throw redirect("/");
  const api = upstreamFor(request, token);

  let user = session.get("user");
  let changed = touchSession(session);
  if (!user || Date.now() - (session.get("roleCheckedAt") ?? 0) > ROLE_RECHECK_MS) {
    try {
      user = await fetchCurrentUser(api);
    } catch (error) {
      if (isUpstreamError(error) && (error.status === 401 || error.status === 403)) {
        // The upstream no longer knows this token: the session is worthless.
        throw redirect("/", { headers: { "Set-Cookie": await destroySession(session) } });
      }
      throw redirect("/");
    }
    session.set("user", user);
    session.set("roleCheckedAt", Date.now());
    changed = true;
  }
  if (!ADMIN_ROLES.has(user.role)) throw redirect("/");
  // Writes the server-side record; the cookie (the id) stays as it is.
  if (changed) await commitSession(session);
  return { session, user, api };
}

/** Logout waits this long at most for the upstream to revoke the token, then goes on. */
const REVOKE_WAIT_MS = 300;
/** The revocation itself may take this long in the background. */
const REVOKE_TIMEOUT_MS = 3_000;
/** Cleared when the upstream answers that it has no logout call (404 or 405). */
let upstreamOffersLogout = true;

/**
 * Best effort at logout (issue 20, point 4): asks the upstream to revoke the session's token,
 * so that a copy of it is worthless too. The session is destroyed here first and whatever
 * happens (an error, no answer, no such call) logout goes on: this waits REVOKE_WAIT_MS at most,
 * never rejects, and does not follow the visitor's abort signal (leaving must not cancel it).
 */
export async function revokeUpstreamToken(request: Request, token: string): Promise<void> {
  if (!upstreamOffersLogout) return;
  const api = createUpstreamClient({ requestId: request.headers.get("x-request-id") ?? undefined, token });
  const revoking = logOutUpstream(api, REVOKE_TIMEOUT_MS).catch((error: unknown) => {
    if (isUpstreamError(error) && error.kind === "http" && (error.status === 404 || error.status === 405)) upstreamOffersLogout = false;
  });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, REVOKE_WAIT_MS);
  });
  await Promise.race([revoking, waited]);
  clearTimeout(timer);
}

/** A path on this site to go to after login, or the default. Never another origin. */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (value.startsWith("//") || value.startsWith("/\\") || /[\u0000-\u001f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://site.invalid");
    // Dot segments can turn a path into "//host" once resolved ("/.//evil.example"): check the result too.
    if (url.origin !== "http://site.invalid" || url.pathname.startsWith("//")) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
