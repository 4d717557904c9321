import { createHmac } from "node:crypto";
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import * as z from "zod";
import { getConfig } from "@server/config.server";
import { log } from "@server/log.server";
import { waitAtMost } from "~/lib/wait-at-most";
import {
  commitSession,
  destroySession,
  getSession,
  sessionById,
  touchSession,
  type AppSession,
  type SessionUser,
} from "./session.server.ts";
import { createUpstreamClient, isUpstreamError, refusesToken, type UpstreamClient, type UpstreamError } from "./upstream.server.ts";
import { fetchCurrentUser, logIn, logOutUpstream } from "./users.server.ts";

/** Roles allowed into the back-office (spec §6). */
export const ADMIN_ROLES: ReadonlySet<number> = new Set([2, 3]);
/**
 * How long a confirmed role is trusted before /users/me is asked again: an admin whose role was
 * taken away, or whose token was revoked, reads the back-office's copies (which ask the upstream
 * nothing) for this long at most. A call per admin every 15 s is nothing to the upstream.
 */
const ROLE_RECHECK_MS = 15_000;

/** The upstream refused the credentials (as opposed to being unreachable). */
export class LoginRejected extends Error {}

/** The upstream limits login attempts just now (429): nothing is known of the credentials. */
export class LoginBusy extends Error {}

export interface LoggedIn {
  token: string;
  user: SessionUser;
}

/**
 * An upstream client for this visitor's request: their abort signal, request id and token;
 * `onTokenRefused` hears the upstream refuse the token (see createUpstreamClient).
 */
export function upstreamFor(request: Request, token?: string, onTokenRefused?: (error: UpstreamError) => void): UpstreamClient {
  return createUpstreamClient({
    signal: request.signal,
    requestId: request.headers.get("x-request-id") ?? undefined,
    token,
    onTokenRefused,
  });
}

/** The form's own schema (app/forms/login.ts) gives the visitor field messages; this only guards the call. */
const credentialsSchema = z.object({ email: z.string().trim().min(1), password: z.string().min(1) });

export const authenticator = new Authenticator<LoggedIn>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const credentials = credentialsSchema.safeParse(Object.fromEntries(form));
    if (!credentials.success) throw new LoginRejected();
    let token: string | undefined;
    try {
      token = await logIn(upstreamFor(request), credentials.data);
      const user = await fetchCurrentUser(upstreamFor(request, token), { email: credentials.data.email });
      return { token, user };
    } catch (error) {
      // A token given but no user to go with it is ended upstream, not left live.
      if (token) await revokeUpstreamToken(request, token);
      if (isUpstreamError(error) && error.kind === "http" && error.status === 429) throw new LoginBusy();
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
  /**
   * The upstream's refusal of the session's token (401 or 403) on one of this request's calls
   * through `api`, once it came: the request then answers with `endSession` (see `endingSessionOnRefusal`).
   */
  readonly tokenRefusal: UpstreamError | undefined;
  /**
   * The same admin, whose upstream calls go on when the visitor goes away: for a save whose copies
   * wait for its outcome (a form sent twice, JavaScript off: the browser drops the first press's
   * request and waits for the second). A refusal of the token on them is this context's too.
   */
  outlastingVisitor(): AdminContext;
}

/** An admin's context over `api`; `steady` makes the client of its calls that outlast the visitor. */
function adminContext(session: AppSession, user: SessionUser, api: UpstreamClient, refusal: () => UpstreamError | undefined, steady: () => UpstreamClient): AdminContext {
  return {
    session,
    user,
    api,
    get tokenRefusal() {
      return refusal();
    },
    outlastingVisitor: () => adminContext(session, user, steady(), refusal, steady),
  };
}

/**
 * The admin's context for work that outlives the request that began it (an import's run, on
 * whichever process takes it): the session `sessionId` names, read again, with its token and
 * user, no visitor's abort signal (the page may close), and the upstream's refusal of the token
 * kept, for the work to stop on. Undefined once that session ended (a logout, the idle or
 * absolute limit) or is not an admin's: the work does not begin.
 */
export async function backgroundAdmin(sessionId: string, requestId: string | undefined): Promise<AdminContext | undefined> {
  const session = await sessionById(sessionId);
  const token = session.get("token");
  const user = session.get("user");
  if (!token || !user || !ADMIN_ROLES.has(user.role)) return undefined;
  let tokenRefusal: UpstreamError | undefined;
  const api = createUpstreamClient({ requestId, token, onTokenRefused: (error) => (tokenRefusal = error) });
  // No visitor to go away: its calls already outlast one.
  return adminContext(session, user, api, () => tokenRefusal, () => api);
}

/**
 * The one way an admin's session ends because the upstream no longer accepts its token (spec §6:
 * the role cannot be confirmed, so the visitor goes to `/`): the session is destroyed (its record
 * removed, the cookie cleared) and the answer is a redirect to `/`. The guard's own role check
 * answers so, and so does every admin loader and action whose upstream calls were refused
 * (`endingSessionOnRefusal`): a read, a save, a delete, a status switch, an export, a relayed upload.
 */
export async function endSession(session: AppSession, refusal: Pick<UpstreamError, "call" | "status">, requestId?: string | null): Promise<Response> {
  const cookie = await destroySession(session);
  log("admin_session_ended", { reason: "upstream_refused_token", call: refusal.call, status: refusal.status, request_id: requestId ?? undefined });
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}

/**
 * Runs an admin loader's or action's work with the guard's context, and answers as the guard does
 * (`endSession`) when the upstream refused the session's token during it, whatever the work
 * answered or threw: the screens' own handling of an upstream failure (a 502 alert, the form sent
 * back, a load-failure state) would otherwise keep a session whose token is worthless. The
 * session-ending answer is returned, not thrown, so that a route which reshapes its action's
 * answer (the video form's JSON, app/routes/admin.video[.]upload.tsx) sends it on too.
 */
export async function endingSessionOnRefusal<T>(admin: AdminContext, request: Request, work: () => Promise<T>): Promise<T | Response> {
  let answer: T;
  try {
    answer = await work();
  } catch (error) {
    if (admin.tokenRefusal && !(await tokenStillAccepted(admin, request))) return endSession(admin.session, admin.tokenRefusal, request.headers.get("x-request-id"));
    throw error;
  }
  if (admin.tokenRefusal && !(await tokenStillAccepted(admin, request))) return endSession(admin.session, admin.tokenRefusal, request.headers.get("x-request-id"));
  return answer;
}

/**
 * A 403 may refuse one action (a rule of the upstream's that this admin's role does not meet), not
 * the token: the upstream is asked once more who the token is (`GET /users/me`), and the work's
 * own answer (its failure alert) stands while the token is still an admin's. A 401, a token the
 * upstream no longer takes, or a role that is no admin's ends the session.
 */
async function tokenStillAccepted(admin: AdminContext, request: Request): Promise<boolean> {
  const token = admin.session.get("token");
  if (admin.tokenRefusal?.status !== 403 || !token) return false;
  try {
    return ADMIN_ROLES.has((await fetchCurrentUser(upstreamFor(request, token), admin.user)).role);
  } catch {
    return false;
  }
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
  let tokenRefusal: UpstreamError | undefined;
  const onTokenRefused = (error: UpstreamError) => {
    tokenRefusal = error;
  };
  const api = upstreamFor(request, token, onTokenRefused);

  let user = session.get("user");
  let changed = touchSession(session);
  if (!user || Date.now() - (session.get("roleCheckedAt") ?? 0) > ROLE_RECHECK_MS) {
    try {
      user = await fetchCurrentUser(api, user ?? { email: "" });
    } catch (error) {
      if (isUpstreamError(error) && error.kind === "http" && refusesToken(error.status)) {
        // The upstream no longer knows this token: the session is worthless.
        throw await endSession(session, error, request.headers.get("x-request-id"));
      }
      throw redirect("/");
    }
    session.set("user", user);
    session.set("roleCheckedAt", Date.now());
    changed = true;
  }
  if (!ADMIN_ROLES.has(user.role)) {
    // Sent to `/` (spec §6), and the session ends with it: a role-1 login, or a role taken away,
    // left a session nobody could end from the public pages on a shared PC, its token live upstream.
    await revokeUpstreamToken(request, token);
    const cookie = await destroySession(session);
    log("admin_session_ended", { reason: "role_not_allowed", role: user.role, request_id: request.headers.get("x-request-id") ?? undefined });
    throw redirect("/", { headers: { "Set-Cookie": cookie } });
  }
  // Writes the server-side record; the cookie (the id) stays as it is.
  if (changed) await commitSession(session);
  const requestId = request.headers.get("x-request-id") ?? undefined;
  return adminContext(session, user, api, () => tokenRefusal, () => createUpstreamClient({ requestId, token, onTokenRefused }));
}

/**
 * Who a browser's form drafts belong to (app/lib/form-drafts.ts), as the admin layout tells its
 * pages: a keyed hash of the account's id and email, so that what the browser stores names no
 * account and one account's drafts are never another's. Never the token.
 */
export function formDraftOwner(user: Pick<SessionUser, "id" | "email">): string {
  return createHmac("sha256", getConfig().sessionSecret)
    .update(`form-drafts\0${String(user.id)}\0${user.email.trim().toLowerCase()}`)
    .digest("base64url")
    .slice(0, 22);
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
  await waitAtMost(revoking, REVOKE_WAIT_MS);
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
