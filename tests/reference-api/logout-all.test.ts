import { describe, expect, it } from "vitest";
import { ADMIN_EMAIL, login, SUPERADMIN_EMAIL, testApiForFile } from "./helpers.ts";

/**
 * `POST /api/users/logout-all`: an account's access withdrawn, every token of it revoked at once
 * (the end-to-end test of issue 35 point 4 revokes the token a site's session holds with it).
 */

const api = testApiForFile();

describe("POST /api/users/logout-all", () => {
  it("revokes every token of the caller's account, its own too, and no other account's", async () => {
    const held = await login(api.url, ADMIN_EMAIL);
    const caller = await login(api.url, ADMIN_EMAIL);
    const other = await login(api.url, SUPERADMIN_EMAIL);
    const reply = await api.call("POST", "/api/users/logout-all", { token: caller });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: "Berhasil keluar dari semua perangkat" });
    expect((await api.call("GET", "/api/users/me", { token: held })).status).toBe(401);
    expect((await api.call("PUT", "/api/genres", { token: held, json: { id: 1, name: "x" } })).status).toBe(401);
    expect((await api.call("GET", "/api/users/me", { token: caller })).status).toBe(401);
    expect((await api.call("GET", "/api/users/me", { token: other })).status).toBe(200);
    // A new login works as before.
    expect((await api.call("GET", "/api/users/me", { token: await login(api.url, ADMIN_EMAIL) })).status).toBe(200);
  });

  it("needs a valid token itself", async () => {
    expect((await api.call("POST", "/api/users/logout-all")).status).toBe(401);
  });
});
