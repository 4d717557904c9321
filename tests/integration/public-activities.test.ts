import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { ACTIVITIES_PER_PAGE, loader } from "~/routes/_public.activity._index";
import { publicLoaderArgs as args, thrownResponse } from "../helpers/public-loaders";
import { upstream, UPSTREAM } from "../mocks/upstream";

/** The activities' archive, /activity (issue 24, point 2): every activity, newest first, paged without JavaScript. */

/** `count` activities as the upstream lists them, newest first (id `count` is the newest). */
function serveActivities(count: number) {
  const activities = Array.from({ length: count }, (_, index) => {
    const id = count - index;
    return { id, date: `2024-${String((id % 12) + 1).padStart(2, "0")}-10`, title: `Kegiatan ${id}`, description: `<p>Cerita ${id}</p>`, file: `kegiatan-${id}.png` };
  });
  upstream.use(http.get(`${UPSTREAM}/activities`, () => HttpResponse.json({ data: activities })));
}

describe("/activity", () => {
  it("shows the newest activities first, a page at a time, with the count and the number of pages", async () => {
    serveActivities(30);
    const first = await loader(args("/activity"));
    expect(first).toMatchObject({ page: 1, pages: 3, total: 30 });
    expect(first.activities).toHaveLength(ACTIVITIES_PER_PAGE);
    expect(first.activities[0]).toEqual({
      id: "30",
      title: "Kegiatan 30",
      summary: "Cerita 30",
      date: "10-07-2024",
      dateTime: "2024-07-10T00:00:00.000Z",
      image: "/files/kegiatan-30.png",
    });
    const last = await loader(args("/activity?page=3"));
    expect(last.activities.map((activity) => activity.id)).toEqual(["6", "5", "4", "3", "2", "1"]);
  });

  it("shows a title an older tool stored as HTML as text: \"Literasi &amp; Arsip\" is \"Literasi & Arsip\"", async () => {
    upstream.use(
      http.get(`${UPSTREAM}/activities`, () =>
        HttpResponse.json({ data: [{ id: 1, date: "2024-05-10", title: "Gerakan Literasi &amp; Arsip <i>2024</i>", description: "<p>x</p>", file: "" }] }),
      ),
    );
    const { activities } = await loader(args("/activity"));
    expect(activities[0].title).toBe("Gerakan Literasi & Arsip 2024");
  });

  it("answers 404 for a page that does not exist or is not a page number, never a 500", async () => {
    serveActivities(30);
    for (const query of ["?page=4", "?page=0", "?page=-1", "?page=abc", "?page=1e3", "?page=99999999999"]) {
      expect((await thrownResponse(loader(args(`/activity${query}`)))).init?.status, query).toBe(404);
    }
  });

  it("is one page with no activities on an empty list (the page says there are none yet)", async () => {
    serveActivities(0);
    expect(await loader(args("/activity"))).toMatchObject({ page: 1, pages: 1, total: 0, activities: [] });
  });

  it("answers 503 when the upstream is down", async () => {
    upstream.use(http.get(`${UPSTREAM}/activities`, () => HttpResponse.error()));
    expect((await thrownResponse(loader(args("/activity")))).init?.status).toBe(503);
  });
});
