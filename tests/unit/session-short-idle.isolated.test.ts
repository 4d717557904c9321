import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * A short idle limit (SESSION_IDLE_TIMEOUT_MS, read once per process: hence a file of its own).
 * The activity time is written at most once per step; a step of a minute made an admin at work
 * every 3 s lose a session whose limit was 8 s.
 */
vi.stubEnv("SESSION_IDLE_TIMEOUT_MS", "8000");
const { commitSession, getSession, touchSession } = await import("~/platform/session.server");
const { request, sessionCookie } = await import("../helpers/sessions");

const alive = async (cookie: string) => (await getSession(request("/", { cookie }))).get("token") !== undefined;

describe("an idle limit of 8 s", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps a session in use every 3 s for a minute, and ends it once idle for the limit", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cookie = await sessionCookie(2);
    for (let elapsed = 0; elapsed < 60_000; elapsed += 3_000) {
      vi.setSystemTime(Date.now() + 3_000);
      const session = await getSession(request("/", { cookie }));
      expect(session.get("token"), `after ${elapsed + 3_000} ms`).toBeDefined();
      // As requireAdmin does on every request.
      if (touchSession(session)) await commitSession(session);
    }
    vi.setSystemTime(Date.now() + 7_000);
    expect(await alive(cookie)).toBe(true);
    vi.setSystemTime(Date.now() + 3_000);
    expect(await alive(cookie)).toBe(false);
  });
});
