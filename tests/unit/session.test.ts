import { afterEach, describe, expect, it, vi } from "vitest";
import { getSession } from "@server/session.server";
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

  it("ends after 30 idle minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cookie = await sessionCookie(2);
    vi.setSystemTime(Date.now() + 29 * MINUTE);
    expect(await isAlive(cookie)).toBe(true);
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    expect(await isAlive(cookie)).toBe(false);
  });

  it("ends after 12 hours however active", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cookie = await sessionCookie(2);
    const { getSession: read, commitSession } = await import("@server/session.server");
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
});
