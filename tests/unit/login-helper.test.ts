import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { logIn } from "../e2e/helpers/session.ts";
import { upstream } from "../mocks/upstream";

/** The tests' login over HTTP (tests/e2e/helpers/session.ts) against a site answering `answers` in turn (msw stands for it). */
function siteAnswering(answers: number[]): { url: string; asked: () => number } {
  let asked = 0;
  upstream.use(
    http.post("http://site.test/login", () => {
      const status = answers[Math.min(asked, answers.length - 1)];
      asked += 1;
      return status === 302
        ? new HttpResponse(null, { status, headers: { location: "/admin", "set-cookie": "__session=abc; Path=/; HttpOnly" } })
        : HttpResponse.text("Layanan tidak tersedia", { status });
    }),
  );
  return { url: "http://site.test", asked: () => asked };
}

describe("logIn, the tests' login over HTTP", () => {
  it("asks again after a 503 (the upstream late on a loaded machine) and returns the session", async () => {
    const site = siteAnswering([503, 503, 302]);
    expect(await logIn(site.url)).toBe("__session=abc");
    expect(site.asked()).toBe(3);
  });

  it("gives up after three 503s", async () => {
    const site = siteAnswering([503]);
    await expect(logIn(site.url)).rejects.toThrow("answered 503 (attempt 3)");
    expect(site.asked()).toBe(3);
  });

  it("fails at once on any other refusal", async () => {
    const site = siteAnswering([401]);
    await expect(logIn(site.url)).rejects.toThrow("answered 401");
    expect(site.asked()).toBe(1);
  });
});
