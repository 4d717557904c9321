import { beforeEach, describe, expect, it } from "vitest";
import { resourceGeneration } from "~/platform/cache.server";
import { activityResource } from "~/resources/activities/activities";
import { bookResource } from "~/resources/books/books";
import { loader as homeLoader } from "~/routes/_public._index";
import * as screenRoute from "~/routes/admin-screen";
import { publicLoaderArgs as args } from "../helpers/public-loaders";
import { siteContentHandlers } from "../mocks/site-content";
import { recordUpstreamCalls, upstream } from "../mocks/upstream";
import { servePagedList } from "./admin-catalogue-support";
import { adminCookie, form, recordWrites, submit } from "./admin-screen-support";

/**
 * Caches are cleared where writes happen, per resource (app/platform/cache.server.ts): a genre write
 * clears the genres and what shows them (the books, the catalogue), and leaves the home page's
 * cached reads alone; an activity write clears the activities the home page shows.
 */

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
  upstream.use(...siteContentHandlers());
  servePagedList("/genres", "data", 2, (id) => ({ id, name: `Genre ${id}`, cover: null }));
});

/** The home page's upstream reads while `view` runs. */
async function homeReadsDuring(view: () => Promise<unknown>): Promise<string[]> {
  const calls = recordUpstreamCalls();
  await view();
  return calls.filter((call) => call.method === "GET").map((call) => call.path);
}

describe("what a write clears", () => {
  it("a genre write leaves the home page's cached reads alone, and clears the books that show the genres", async () => {
    expect(await homeReadsDuring(() => homeLoader(args("/")))).toHaveLength(6);
    const books = resourceGeneration(bookResource);
    const activities = resourceGeneration(activityResource);

    recordWrites("put", "/genres", { status: 200, body: { data: { id: 1 } } });
    const saved = await submit(screenRoute, "/admin/genre?modal=edit&id=1", cookie, form([["intent", "update"], ["id", "1"], ["name", "Genre baru"]]));
    expect(saved.kind).toBe("redirect");

    expect(await homeReadsDuring(() => homeLoader(args("/"))), "the home page after a genre write").toEqual([]);
    expect(resourceGeneration(activityResource)).toBe(activities);
    expect(resourceGeneration(bookResource), "the books carry the genres' names").toBeGreaterThan(books);
  });

  it("an activity write clears the activities the home page shows, and nothing else it reads", async () => {
    await homeLoader(args("/"));
    upstream.use(...siteContentHandlers());
    recordWrites("post", "/activities", { status: 201, body: { data: { id: 99 } } });
    const saved = await submit(
      screenRoute,
      "/admin/activity?modal=add",
      cookie,
      form([["intent", "create"], ["date", "2024-05-01"], ["title", "Lomba"], ["description", "<p>Lomba bercerita</p>"]]),
    );
    expect(saved.kind).toBe("redirect");
    const reads = await homeReadsDuring(() => homeLoader(args("/")));
    expect(reads.length, reads.join(", ")).toBe(1);
    expect(reads[0]).toMatch(/^\/api\/activities/);
  });
});
