import * as z from "zod";
import type { UpstreamClient } from "./upstream.server.ts";
import type { SessionUser } from "./session.server.ts";

/** Adapter for the upstream's `/users` calls. */

const loginResponse = z.object({ token: z.union([z.string().min(1), z.number()]).transform(String) });

/** A text the upstream may leave out or give in another type: empty then. */
const text = z.string().nullish().catch(undefined).transform((value) => value ?? "");

/** Spec §7 promises `user.role` alone: an id, name or email may be missing, null or of another type. */
const meResponse = z.object({
  user: z.object({
    id: z.union([z.number(), z.string().min(1)]).nullish().catch(undefined),
    name: text,
    email: text,
    role: z.coerce.number().int(),
  }),
});

export async function logIn(api: UpstreamClient, credentials: { email: string; password: string }): Promise<string> {
  const { token } = await api.call(loginResponse, { method: "POST", path: "/users/login", json: credentials });
  return token;
}

/**
 * The current user. What the upstream leaves out is what the session knew: the email the admin
 * logged in with, and, without an id from the upstream, that email as the id (the uploads, the
 * audit log and the drafts tell admins apart by it).
 */
export async function fetchCurrentUser(api: UpstreamClient, known: Pick<SessionUser, "email"> & Partial<SessionUser>): Promise<SessionUser> {
  const { user } = await api.call(meResponse, { path: "/users/me" });
  const email = user.email || known.email;
  return { id: user.id ?? known.id ?? `email:${email.trim().toLowerCase()}`, name: user.name || known.name || email, email, role: user.role };
}

/** Ends the token upstream (`POST /users/logout`); the answer's body does not matter. */
export async function logOutUpstream(api: UpstreamClient, timeoutMs: number): Promise<void> {
  await api.call(z.unknown(), { method: "POST", path: "/users/logout", timeoutMs });
}
