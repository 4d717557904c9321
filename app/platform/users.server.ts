import * as z from "zod";
import type { UpstreamClient } from "./upstream.server.ts";
import type { SessionUser } from "./session.server.ts";

/** Adapter for the upstream's `/users` calls. */

const loginResponse = z.object({ token: z.string().min(1) });

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

const meResponse = z.object({
  user: z.object({
    id: z.union([z.number(), z.string()]),
    name: text,
    email: text,
    role: z.coerce.number().int(),
  }),
});

export async function logIn(api: UpstreamClient, credentials: { email: string; password: string }): Promise<string> {
  const { token } = await api.call(loginResponse, { method: "POST", path: "/users/login", json: credentials });
  return token;
}

export async function fetchCurrentUser(api: UpstreamClient): Promise<SessionUser> {
  const { user } = await api.call(meResponse, { path: "/users/me" });
  return user;
}

/** Ends the token upstream (`POST /users/logout`); the answer's body does not matter. */
export async function logOutUpstream(api: UpstreamClient, timeoutMs: number): Promise<void> {
  await api.call(z.unknown(), { method: "POST", path: "/users/logout", timeoutMs });
}
