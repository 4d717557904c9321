import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PublicPager } from "~/components/public/PublicPager";

/** The public lists' pager as the server renders it: plain links an OPAC's visitor can jump with, JavaScript or not. */

const rendered = (page: number, pages: number) =>
  renderToString(
    <MemoryRouter initialEntries={["/katalog"]}>
      <PublicPager label="Halaman koleksi" page={page} pages={pages} href={(target) => `/katalog?q=sejarah&page=${target}`} />
    </MemoryRouter>,
  );

const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map(([, href, text]) => [href.replace(/&amp;/g, "&"), text.replace(/<[^>]+>/g, "")]);

describe("the public pager", () => {
  it("links the first, the last and the pages around the current one, beside the previous and the next", () => {
    const html = rendered(6, 417);
    expect(html).toContain("Halaman 6 dari 417");
    expect(links(html)).toEqual([
      ["/katalog?q=sejarah&page=5", "Sebelumnya"],
      ["/katalog?q=sejarah&page=1", "Halaman 1"],
      ["/katalog?q=sejarah&page=4", "Halaman 4"],
      ["/katalog?q=sejarah&page=5", "Halaman 5"],
      ["/katalog?q=sejarah&page=7", "Halaman 7"],
      ["/katalog?q=sejarah&page=8", "Halaman 8"],
      ["/katalog?q=sejarah&page=417", "Halaman 417"],
      ["/katalog?q=sejarah&page=7", "Berikutnya"],
    ]);
    expect(html).toMatch(/<span aria-current="page"><span class="visually-hidden">Halaman <\/span>6<\/span>/);
  });

  it("marks for a phone to leave out the two pages furthest from the current one, never one beside the first or the last", () => {
    const far = (html: string) => [...html.matchAll(/<li class="public-page-far"><a [^>]*>.*?(\d+)<\/a>/g)].map(([, page]) => Number(page));
    expect(far(rendered(6, 417))).toEqual([4, 8]);
    expect(far(rendered(4, 417))).toEqual([6]);
    expect(far(rendered(415, 417))).toEqual([413]);
  });

  it("writes thousands with a dot, and shows nothing for a list of one page", () => {
    expect(rendered(1_200, 1_250)).toContain("Halaman 1.200 dari 1.250");
    expect(rendered(1, 1)).toBe("");
  });
});
