import { afterEach, describe, expect, it, vi } from "vitest";
import { commitSession, destroySession, getSession } from "~/platform/session.server";
import { request, sessionCookie } from "../helpers/sessions";

const MINUTE = 60_000;

async function isAlive(cookie: string) {
  const session = await getSession(request("/", { cookie }));
  return session.get("token") !== undefined;
}

describe("server-side sessions", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps only a signed random id in the cookie", async () => {
    const cookie = await sessionCookie(2, { token: "the-upstream-token" });
    expect(cookie).toMatch(/^__session=/);
    expect(decodeURIComponent(cookie)).not.toContain("the-upstream-token");
    expect(await isAlive(cookie)).toBe(true);
  });

  it("refuses a tampered cookie", async () => {
    const cookie = await sessionCookie(2);
    const [name, value] = cookie.split("=");
    const decoded = decodeURIComponent(value);
    const tampered = `${name}=${encodeURIComponent(decoded.replace(/^"?./, (start) => (start.endsWith("A") ? start.slice(0, -1) + "B" : start.slice(0, -1) + "A")))}`;
    expect(await isAlive(tampered)).toBe(false);
  });

  it("ends after 30 idle minutes, within the minute its activity time is written in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cookie = await sessionCookie(2);
    vi.setSystemTime(Date.now() + 30 * MINUTE);
    expect(await isAlive(cookie)).toBe(true);
    vi.setSystemTime(Date.now() + MINUTE + 1);
    expect(await isAlive(cookie)).toBe(false);
  });

  it("ends after 12 hours however active", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cookie = await sessionCookie(2);
    const { getSession: read, commitSession } = await import("~/platform/session.server");
    // Active every 20 minutes for 12 hours.
    for (let elapsed = 20 * MINUTE; elapsed < 12 * 60 * MINUTE; elapsed += 20 * MINUTE) {
      vi.setSystemTime(Date.now() + 20 * MINUTE);
      const session = await read(request("/", { cookie }));
      expect(session.get("token")).toBeDefined();
      session.set("lastActive", Date.now());
      await commitSession(session);
    }
    // 11 h 40 min so far: 21 minutes more passes the 12-hour limit though the idle limit is far.
    vi.setSystemTime(Date.now() + 21 * MINUTE);
    expect(await isAlive(cookie)).toBe(false);
  });

  it("stays ended when a request that read it before logout writes it after (file store)", async () => {
    const cookie = await sessionCookie(2);
    // A slow save reads the session, then the admin logs out in another tab...
    const slow = await getSession(request("/admin/activity", { cookie }));
    await destroySession(await getSession(request("/logout", { cookie })));
    expect(await isAlive(cookie)).toBe(false);
    // ...and the save ends, committing its flash message into the session it read.
    slow.set("lastActive", Date.now());
    slow.flash("alert", { type: "success", message: "Data berhasil disimpan" });
    await commitSession(slow);
    expect(await isAlive(cookie)).toBe(false);
    await commitSession(slow);
    expect(await isAlive(cookie)).toBe(false);
  });

  it("stays ended when the late write and the logout run at the same moment", async () => {
    const cookies = await Promise.all(Array.from({ length: 30 }, () => sessionCookie(2)));
    await Promise.all(
      cookies.map(async (cookie) => {
        const slow = await getSession(request("/admin", { cookie }));
        const other = await getSession(request("/logout", { cookie }));
        slow.set("lastActive", Date.now());
        await Promise.all([commitSession(slow), destroySession(other), commitSession(slow)]);
      }),
    );
    for (const cookie of cookies) expect(await isAlive(cookie)).toBe(false);
  });
});
