import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { loader as bookLoader } from "~/routes/_public.katalog.$bookId";
import { loader as catalogueLoader } from "~/routes/_public.katalog._index";
import { loader as videosLoader } from "~/routes/_public.katalog.video";
import { loader as layoutLoader } from "~/routes/_public";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { publicLoaderArgs as args, thrownResponse } from "../helpers/public-loaders";
import { recordUpstreamCalls, upstream, UPSTREAM } from "../mocks/upstream";

/** Without CATALOGUE_READER_* (as in tests/setup/unit.ts) Koleksi Digital does not exist: no page, no link, no upstream call. */

describe("the catalogue, not set up", () => {
  it("answers 404 on its pages without asking the upstream anything", async () => {
    const calls = recordUpstreamCalls();
    expect((await thrownResponse(catalogueLoader(args("/katalog")))).init?.status).toBe(404);
    expect((await thrownResponse(videosLoader(args("/katalog/video")))).init?.status).toBe(404);
    expect((await thrownResponse(bookLoader(args("/katalog/1", { bookId: "1" })))).init?.status).toBe(404);
    expect(calls).toEqual([]);
  });

  it("is in neither the menu nor the sitemap", async () => {
    upstream.use(http.get(`${UPSTREAM}/abouts`, () => HttpResponse.json({ data: [] })), http.get(`${UPSTREAM}/activities`, () => HttpResponse.json({ data: [] })));
    expect((await layoutLoader(args("/"))).catalogue).toBe(false);
    expect(await (await sitemapLoader(args("/sitemap.xml"))).text()).not.toContain("/katalog");
  });
});
