import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createUpstreamClient } from "~/bff/upstream.server";
import { publicBanners as listBanners } from "~/bff/site-content.server";
import { upstream, UPSTREAM } from "../mocks/upstream";

function countingBanners(titles: () => string) {
  let calls = 0;
  upstream.use(
    http.get(`${UPSTREAM}/banners`, () => {
      calls += 1;
      return HttpResponse.json({ data: [{ id: 1, title: titles(), description: "", url: "", file: null }] });
    }),
  );
  return () => calls;
}

const api = () => createUpstreamClient();
const firstTitle = async () => (await listBanners(api()))[0].title;

describe("public read cache", () => {
  afterEach(() => vi.useRealTimers());

  it("turns a burst of visitors into one upstream call", async () => {
    const calls = countingBanners(() => "A");
    const titles = await Promise.all(Array.from({ length: 50 }, firstTitle));
    expect(new Set(titles)).toEqual(new Set(["A"]));
    expect(calls()).toBe(1);
    await firstTitle();
    expect(calls()).toBe(1);
  });

  it("serves the stale value while one refresh runs, then the new one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let title = "lama";
    const calls = countingBanners(() => title);
    expect(await firstTitle()).toBe("lama");
    title = "baru";
    vi.setSystemTime(Date.now() + 6_000);
    expect(await firstTitle()).toBe("lama");
    await vi.waitFor(() => expect(calls()).toBe(2));
    await vi.waitFor(async () => expect(await firstTitle()).toBe("baru"));
  });

  it("fetches afresh once the stale window has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let title = "lama";
    countingBanners(() => title);
    await firstTitle();
    title = "baru";
    vi.setSystemTime(Date.now() + 5 * 60_000);
    expect(await firstTitle()).toBe("baru");
  });

  it("shows an admin's change at once: any successful write clears it", async () => {
    let title = "lama";
    countingBanners(() => title);
    upstream.use(http.put(`${UPSTREAM}/banners`, () => HttpResponse.json({ data: {} })));
    expect(await firstTitle()).toBe("lama");
    title = "baru";
    await api().fetch({ method: "PUT", path: "/banners", json: { id: 1 } });
    expect(await firstTitle()).toBe("baru");
  });

  it("does not cache a failed read", async () => {
    let fail = true;
    upstream.use(
      http.get(`${UPSTREAM}/banners`, () =>
        fail ? HttpResponse.json({ error: "x" }, { status: 500 }) : HttpResponse.json({ data: [] }),
      ),
    );
    await expect(listBanners(api())).rejects.toMatchObject({ status: 500 });
    fail = false;
    await expect(listBanners(api())).resolves.toEqual([]);
  });
});
