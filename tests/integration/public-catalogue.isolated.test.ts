import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { publicLoaderArgs as args, thrownResponse } from "../helpers/public-loaders";
import { ADMIN_TOKEN, adminCookie, submit } from "./admin-screen-support";
import { servePagedList } from "./admin-catalogue-support";
import { recordUpstreamCalls, upstream, UPSTREAM } from "../mocks/upstream";

/**
 * Koleksi Digital, /katalog (issue 24, point 3): the loaders against msw's upstream, read with
 * the catalogue's own account. The file runs with modules of its own (vitest.config.ts): its
 * configuration names the reader account before anything reads it.
 */

const READER = { email: "pembaca@dispusip.test", password: "rahasia-pembaca" };
vi.stubEnv("CATALOGUE_READER_EMAIL", READER.email);
vi.stubEnv("CATALOGUE_READER_PASSWORD", READER.password);
const list = await import("~/routes/_public.katalog._index");
const detail = await import("~/routes/_public.katalog.$bookId");
const videos = await import("~/routes/_public.katalog.video");
const sitemap = await import("~/routes/sitemap[.]xml");
const layout = await import("~/routes/_public");
const siteSearch = await import("~/routes/_public.cari");
const { BOOKS_PER_PAGE, forgetReaderToken } = await import("~/public/catalogue.server");
const { RankedIndex } = await import("~/platform/ranked-search.server");
const { getConfig } = await import("@server/config.server");

afterEach(() => forgetReaderToken());

const GENRES = ["Sejarah", "Sastra", "Agama"];
const TAGS = ["Populer", "Baru"];

/** `count` books as the spec's `GET /books/all` lists them (oldest first); book 7 is by "Ayu Lestari", every third is "Sejarah". */
function booksOf(count: number) {
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    return {
      id,
      title: id === 5 ? "Sejarah Arsip Daerah" : `Buku Nomor ${id}`,
      synopsis: `Sinopsis buku ${id}.`,
      published_date: "2024-05-17",
      isbn_issn: "978-623-7003-32-8",
      author: { name: id === 7 ? "Ayu Lestari" : "Budi Santoso" },
      publisher: { name: "Penerbit Ceria" },
      genres: [{ name: GENRES[id % 3] }],
      tags: id % 2 ? [{ name: TAGS[0] }] : [{ name: TAGS[1] }],
      classification_id: id === 5 ? 3 : null,
      cover: `sampul-${id}.png`,
    };
  });
}

/** The reader account's login and the catalogue's lists, answered only with the token it was given. */
function serveCatalogue({ books = booksOf(60), tokens = ["token-pembaca-1"] } = {}) {
  let logins = 0;
  const valid = new Set<string>();
  // The reader's tokens, and the back-office's admin (a test deletes a book through it).
  const authorised = (request: Request) => {
    const token = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    return valid.has(token) || token === ADMIN_TOKEN;
  };
  upstream.use(
    http.post(`${UPSTREAM}/users/login`, async ({ request }) => {
      const body = (await request.json()) as { email?: string; password?: string };
      if (body.email !== READER.email || body.password !== READER.password) return HttpResponse.json({ error: "Email atau password salah" }, { status: 401 });
      const token = tokens[Math.min(logins, tokens.length - 1)];
      logins += 1;
      valid.add(token);
      return HttpResponse.json({ token });
    }),
    http.get(`${UPSTREAM}/books/all`, ({ request }) => {
      if (!authorised(request)) return HttpResponse.json({ error: "Token tidak valid" }, { status: 401 });
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get("limit") ?? books.length);
      const page = Number(url.searchParams.get("page") ?? 1);
      return HttpResponse.json({ books: books.slice((page - 1) * limit, page * limit) });
    }),
    http.get(`${UPSTREAM}/classifications`, ({ request }) => {
      if (!authorised(request)) return HttpResponse.json({ error: "Token tidak valid" }, { status: 401 });
      const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
      return HttpResponse.json({ data: page === 1 ? [{ id: 3, notation: "959.8", general_name: "Sejarah Indonesia" }] : [] });
    }),
    http.get(`${UPSTREAM}/videos`, ({ request }) => {
      if (!authorised(request)) return HttpResponse.json({ error: "Token tidak valid" }, { status: 401 });
      // Spec §7: `data.data` of the client's answer, i.e. the body's `data`.
      return HttpResponse.json({
        data: [
          { id: 1, title: "Profil Dinas", description: "Layanan kami.", link: "http://upstream.test/files/profil.mp4", thumbnail: "http://upstream.test/files/profil.png", watched: 1250 },
          { id: 2, title: "Dari tempat lain", description: "", link: "https://video.example.com/x.mp4", thumbnail: "", watched: 3 },
        ],
      });
    }),
  );
  return {
    logins: () => logins,
    /** The upstream forgets every token it gave (they expired). */
    expireTokens: () => valid.clear(),
  };
}

const ids = (page: { books: Array<{ id: string }> }) => page.books.map((book) => Number(book.id));

describe("/katalog", () => {
  it("lists the books newest first, a page at a time, with cover, title, author and genres", async () => {
    serveCatalogue();
    const first = await list.loader(args("/katalog"));
    expect(first).toMatchObject({ total: 60, page: 1, pageCount: 3 });
    expect(ids(first)).toEqual(Array.from({ length: BOOKS_PER_PAGE }, (_, index) => 60 - index));
    expect(first.books[0]).toEqual({ id: "60", title: "Buku Nomor 60", author: "Budi Santoso", cover: "/covers/sampul-60.png", genres: ["Sejarah"] });
    expect(ids(await list.loader(args("/katalog?page=3")))).toEqual(Array.from({ length: 12 }, (_, index) => 12 - index));
    // The facets offer the genres, tags, classifications and years the books carry, each with its count.
    const facet = (name: string) => first.facets.find((each) => each.name === name)?.values.map(({ value, count }) => [value, count]);
    expect(facet("genre")).toEqual([["Agama", 20], ["Sastra", 20], ["Sejarah", 20]]);
    expect(facet("tag")).toEqual([["Baru", 30], ["Populer", 30]]);
    expect(facet("classification")).toEqual([["959.8", 1]]);
    expect(facet("year")).toEqual([["2024", 60]]);
  });

  it("searches every field, case and accents aside and by a word's beginning, a title's match first", async () => {
    serveCatalogue();
    expect(ids(await list.loader(args("/katalog?q=SEJARAH+arsip")))).toEqual([5]);
    expect(ids(await list.loader(args("/katalog?q=áyu")))).toEqual([7]);
    expect(ids(await list.loader(args("/katalog?q=lesta")))).toEqual([7]);
    // The publisher, and the classification by its notation and its name.
    expect(await list.loader(args("/katalog?q=Ceria"))).toMatchObject({ total: 60 });
    expect(ids(await list.loader(args("/katalog?q=959.8")))).toEqual([5]);
    // "Sejarah" is book 5's title and 20 books' genre: the title's match comes first.
    const history = await list.loader(args("/katalog?q=sejarah"));
    expect(history.total).toBe(21);
    expect(ids(history)[0]).toBe(5);
  });

  it("finds by a whole ISBN its books alone, not others whose words hold its groups, a barcode's add-on aside", async () => {
    // Book 12's ISBN is its own; book 978's title and the others' shared ISBN hold pieces of it.
    const books = booksOf(40).map((book) =>
      book.id === 12 ? { ...book, isbn_issn: "978-602-03-3187-4" } : book.id === 13 ? { ...book, title: "Kumpulan 978 Cerita 602 Jilid 03 Nomor 3187 Bagian 4" } : book,
    );
    serveCatalogue({ books });
    for (const q of ["978-602-03-3187-4", "9786020331874", "9786020331874 51000", "6020331873"]) expect(ids(await list.loader(args(`/katalog?q=${encodeURIComponent(q)}`))), q).toEqual([12]);
  });

  it("finds a title however it was pasted: a zero-width space or joiner in it, an apostrophe, a script's vowel signs", async () => {
    const titles: Record<number, string> = { 21: "Ke\u200Bsenian Lom\u200Dbok Tradisional", 22: "Tafsir Qur'an untuk Anak", 23: "ꦱꦼꦗꦫꦃ ꦗꦮ Serat Centhini" };
    serveCatalogue({ books: booksOf(30).map((book) => (titles[book.id] ? { ...book, title: titles[book.id] } : book)) });
    for (const [q, id] of [["kesenian lombok", 21], ["lombok tradisional", 21], ["quran", 22], ["Qur’an anak", 22], ["ꦱꦼꦗꦫꦃ", 23]] as const) {
      expect(ids(await list.loader(args(`/katalog?q=${encodeURIComponent(q)}`))), q).toEqual([id]);
    }
  });

  it("finds an author's books however the name was written, titles and degrees aside, as the duplicate check has it", async () => {
    const writings: Record<number, string> = { 7: "Ayu Lestari", 8: "Dr. Ayu Lestari, M.Hum.", 9: "Lestari, Ayu", 10: "AYU  LESTARI" };
    serveCatalogue({ books: booksOf(12).map((book) => (writings[book.id] ? { ...book, author: { name: writings[book.id] } } : book)) });
    expect(ids(await list.loader(args("/katalog?author=Ayu%20Lestari")))).toEqual([10, 9, 8, 7]);
    expect(ids(await list.loader(args(`/katalog?author=${encodeURIComponent("Dr. Ayu Lestari, M.Hum.")}`)))).toEqual([10, 9, 8, 7]);
    expect(ids(await list.loader(args("/katalog?author=Budi%20Santoso")))).toEqual([12, 11, 6, 5, 4, 3, 2, 1]);
  });

  it("lists a facet's first twelve values and says how many more; ?semua= lists them all", async () => {
    // Fifteen tags, one to three books each.
    serveCatalogue({ books: booksOf(30).map((book) => ({ ...book, tags: [{ name: `Topik ${String(book.id % 15).padStart(2, "0")}` }] })) });
    const tagsOf = (page: Awaited<ReturnType<typeof list.loader>>) => page.facets.find((facet) => facet.name === "tag");
    const first = tagsOf(await list.loader(args("/katalog")));
    expect(first?.values).toHaveLength(12);
    expect(first?.more).toBe(3);
    const whole = await list.loader(args("/katalog?semua=tag"));
    expect(tagsOf(whole)?.values).toHaveLength(15);
    expect(tagsOf(whole)?.more).toBe(0);
    expect(whole.query.all).toBe("tag");
    // Only a listed facet is shown whole; anything else is no such view.
    expect((await list.loader(args("/katalog?semua=author"))).query.all).toBeUndefined();
  });

  it("offers no filter value for an author, publisher, genre or tag the upstream sent as nothing readable", async () => {
    const books = booksOf(6);
    Object.assign(books[4], { author: { name: "" }, publisher: {}, genres: [{ name: null }], tags: [{}] });
    serveCatalogue({ books });
    const page = await list.loader(args("/katalog"));
    const offered = page.facets.flatMap((facet) => facet.values.map((value) => value.label));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.join("|")).not.toContain("terbaca");
  });

  it("finds nothing for a search of no words, as the site's search does", async () => {
    serveCatalogue();
    for (const q of ["!!!", "📚", "*", "-"]) expect(await list.loader(args(`/katalog?q=${encodeURIComponent(q)}`)), q).toMatchObject({ total: 0 });
  });

  it("keeps its search index while the classifications read again are the same ones", async () => {
    serveCatalogue();
    const calls = recordUpstreamCalls();
    const closed = vi.spyOn(RankedIndex.prototype, "close");
    try {
      expect(ids(await list.loader(args("/katalog?q=959.8")))).toEqual([5]);
      // Past the public cache's time the classifications are read again (the book list's copy is
      // still fresh): a new list, the same classifications, served from the next request on.
      vi.setSystemTime(Date.now() + getConfig().publicCache.ttlMs + 1_000);
      expect(ids(await list.loader(args("/katalog?q=959.8")))).toEqual([5]);
      await vi.waitFor(() => expect(calls.filter((call) => call.path.includes("/classifications")).length, "read again").toBeGreaterThanOrEqual(2));
      await new Promise((resolve) => setImmediate(resolve));
      expect(ids(await list.loader(args("/katalog?q=959.8")))).toEqual([5]);
      expect(closed, "the index made again").not.toHaveBeenCalled();
    } finally {
      closed.mockRestore();
      vi.useRealTimers();
    }
  });

  it("filters by genre and by tag, together with a search, keeping the newest first", async () => {
    serveCatalogue();
    const history = await list.loader(args("/katalog?genre=sejarah"));
    expect(history.total).toBe(20);
    expect(ids(history).slice(0, 3)).toEqual([60, 57, 54]);
    // Chosen as written in the address ("sejarah"), shown as the list writes it: its link takes off the one chosen, not adds "Sejarah".
    const genre = history.facets.find((facet) => facet.name === "genre")?.values.find((value) => value.chosen);
    expect(genre).toMatchObject({ value: "sejarah", label: "Sejarah", chosen: true });
    expect(ids(await list.loader(args("/katalog?genre=Sejarah&tag=Baru&page=1")))).toEqual([60, 54, 48, 42, 36, 30, 24, 18, 12, 6]);
    expect(ids(await list.loader(args("/katalog?q=ayu&tag=Populer")))).toEqual([7]);
    expect(await list.loader(args("/katalog?genre=Tidak+Ada"))).toMatchObject({ total: 0, pageCount: 1 });
  });

  it("sends a page past the last to the last, reads a page that is no page number as the first, and cuts an overlong search, never a 500", async () => {
    serveCatalogue();
    for (const [query, last] of [["?page=4", "/katalog?page=3"], ["?page=99999", "/katalog?page=3"], ["?q=ayu&page=2", "/katalog?q=ayu"]]) {
      const answer = (await thrownResponse(list.loader(args(`/katalog${query}`)))) as unknown as Response;
      expect([answer.status, answer.headers.get("location")], query).toEqual([302, last]);
    }
    for (const query of ["?page=0", "?page=abc", "?page=-1", "?page=99999999999", "?sort=anything"]) expect((await list.loader(args(`/katalog${query}`))).page, query).toBe(1);
    const long = await list.loader(args(`/katalog?q=${"a".repeat(5_000)}`));
    expect(long.query.q).toHaveLength(100);
    // A character of two UTF-16 units at the cut goes whole, never half ("�" in the title and the links).
    expect((await list.loader(args(`/katalog?q=${"a".repeat(99)}${encodeURIComponent("📚")}`))).query.q).toBe("a".repeat(99));
    const siteSearched = await siteSearch.loader(args(`/cari?q=${encodeURIComponent(`a\u0000b\u0001${"c".repeat(200)}📚`)}`));
    expect(siteSearched.q).toMatch(/^a b c+$/);
    // A NUL (SQLite ends a string there) and other control characters only separate words.
    expect(ids(await list.loader(args("/katalog?q=%00")))).toHaveLength(BOOKS_PER_PAGE);
    expect(ids(await list.loader(args("/katalog?q=ayu%00%07lest")))).toEqual([7]);
    for (const q of ['"', "*", "((", "title:x", "NEAR(a b)", "a OR b"]) expect((await list.loader(args(`/katalog?q=${encodeURIComponent(q)}`))).total, q).toBeGreaterThanOrEqual(0);
  });

  it("logs in once with the reader account and keeps its token on the server, out of every page", async () => {
    const catalogue = serveCatalogue();
    const calls = recordUpstreamCalls();
    const pages = [await list.loader(args("/katalog")), await detail.loader(args("/katalog/60", { bookId: "60" })), await videos.loader(args("/katalog/video"))];
    expect(catalogue.logins()).toBe(1);
    expect(calls.filter((call) => call.path.startsWith("/api/books")).every((call) => call.authorization === "Bearer token-pembaca-1")).toBe(true);
    for (const page of pages) expect(JSON.stringify(page)).not.toContain("token-pembaca");
  });

  it("logs in again, once, when the upstream no longer takes the token", async () => {
    const catalogue = serveCatalogue({ tokens: ["token-lama", "token-baru"] });
    await list.loader(args("/katalog"));
    catalogue.expireTokens();
    // The cached copy of the list would hide the expiry: drop it, as the refresh time would.
    const { forgetListCopies } = await import("~/platform/list-copy.server");
    forgetListCopies();
    expect((await list.loader(args("/katalog"))).total).toBe(60);
    expect(catalogue.logins()).toBe(2);
  });

  it("answers 503 when the reader account cannot log in, without trying again for every visitor", async () => {
    let attempts = 0;
    upstream.use(
      http.post(`${UPSTREAM}/users/login`, () => {
        attempts += 1;
        return HttpResponse.json({ error: "Email atau password salah" }, { status: 401 });
      }),
    );
    for (let visitor = 0; visitor < 5; visitor += 1) expect((await thrownResponse(list.loader(args("/katalog")))).init?.status).toBe(503);
    expect(attempts).toBe(1);
  });

  it("waits as for a failed login when even a fresh token is refused (the account lost its rights)", async () => {
    let logins = 0;
    upstream.use(
      http.post(`${UPSTREAM}/users/login`, () => {
        logins += 1;
        return HttpResponse.json({ token: `token-${logins}` });
      }),
      http.get(`${UPSTREAM}/books/all`, () => HttpResponse.json({ error: "Token tidak valid" }, { status: 401 })),
    );
    for (let visitor = 0; visitor < 5; visitor += 1) expect((await thrownResponse(list.loader(args("/katalog")))).init?.status).toBe(503);
    expect(logins).toBe(2);
  });

  it("answers 503 when the upstream is down", async () => {
    upstream.use(http.post(`${UPSTREAM}/users/login`, () => HttpResponse.error()));
    expect((await thrownResponse(list.loader(args("/katalog")))).init?.status).toBe(503);
  });

  it("has the site search say the books could not be searched, not that none matched", async () => {
    // The site's own pages, empty; the catalogue's account cannot log in.
    for (const path of ["/abouts", "/histories", "/activities"]) upstream.use(http.get(`${UPSTREAM}${path}`, () => HttpResponse.json({ data: [] })));
    upstream.use(http.post(`${UPSTREAM}/users/login`, () => HttpResponse.error()));
    const searched = await siteSearch.loader(args("/cari?q=laskar"));
    expect(searched.result).toMatchObject({ books: null, booksUnread: true });
    serveCatalogue();
    forgetReaderToken();
    expect((await siteSearch.loader(args("/cari?q=arsip"))).result?.booksUnread).toBeUndefined();
  });
});

describe("a change in the back-office", () => {
  it("shows on /katalog at once: a book the admin deletes is gone though the list's copy was fresh", async () => {
    const books = booksOf(3);
    serveCatalogue({ books });
    expect(ids(await list.loader(args("/katalog")))).toEqual([3, 2, 1]);
    upstream.use(
      http.delete(`${UPSTREAM}/books/2`, () => {
        books.splice(1, 1);
        return HttpResponse.json({ message: "Buku dihapus" });
      }),
    );
    const bookScreen = await import("~/routes/admin-screen");
    const deleted = await submit(bookScreen, "/admin/book?delete=2", await adminCookie(), new URLSearchParams({ intent: "delete", id: "2" }));
    expect(deleted.kind).toBe("redirect");
    expect(ids(await list.loader(args("/katalog")))).toEqual([3, 1]);
    expect((await thrownResponse(detail.loader(args("/katalog/2", { bookId: "2" })))).init?.status).toBe(404);
  });
});

describe("/katalog/{id}", () => {
  it("shows one book: synopsis, publisher, date, ISBN, genres, tags, its classification and a call number made of it", async () => {
    serveCatalogue();
    const { book, siteUrl } = await detail.loader(args("/katalog/5", { bookId: "5" }));
    expect(siteUrl).toBe("http://localhost");
    expect(book).toEqual({
      id: "5",
      title: "Sejarah Arsip Daerah",
      author: "Budi Santoso",
      publisher: "Penerbit Ceria",
      synopsis: "Sinopsis buku 5.",
      publishedDate: "17-05-2024",
      publishedDateIso: "2024-05-17",
      isbn: "978-623-7003-32-8",
      genres: ["Agama"],
      tags: ["Populer"],
      cover: "/covers/sampul-5.png",
      classification: { notation: "959.8", name: "Sejarah Indonesia" },
      callNumber: "959.8 SAN s",
      appUrl: undefined,
    });
  });

  it("shows no author, publisher or genre the upstream sent as nothing readable ({name: \"\"}, {}), nor makes a call number of one", async () => {
    const books = booksOf(6);
    Object.assign(books[4], { author: { name: "" }, publisher: {}, genres: [{ name: null }], tags: [{}] });
    serveCatalogue({ books });
    const { book } = await detail.loader(args("/katalog/5", { bookId: "5" }));
    expect(book).toMatchObject({ author: "", publisher: "", genres: [], tags: [], callNumber: "959.8 s" });
    expect(JSON.stringify(book)).not.toContain("terbaca");
  });

  it("shows and searches as text what older tools stored as HTML in plain fields: entities decoded, tags gone, a lone \"<\" kept", async () => {
    const books = booksOf(30).map((book) =>
      book.id === 21
        ? {
            ...book,
            title: "Tafsir Al-Qur&#39;an &amp; Hadis <i>Jilid 1</i>",
            synopsis: "Sinopsis dengan <b>tebal</b> &amp; miring.",
            author: { name: "Ahmad &quot;Kiai&quot; Dahlan" },
            publisher: { name: "Pustaka &amp; Ilmu" },
            genres: [{ name: "Sains &amp; <b>Teknologi</b>" }],
          }
        : book.id === 22
          ? { ...book, title: "Matematika: a < b dan b > c" }
          : book,
    );
    serveCatalogue({ books });
    const { book } = await detail.loader(args("/katalog/21", { bookId: "21" }));
    expect(book).toMatchObject({
      title: "Tafsir Al-Qur'an & Hadis Jilid 1",
      synopsis: "Sinopsis dengan tebal & miring.",
      author: 'Ahmad "Kiai" Dahlan',
      publisher: "Pustaka & Ilmu",
      genres: ["Sains & Teknologi"],
    });
    expect((await detail.loader(args("/katalog/22", { bookId: "22" }))).book.title).toBe("Matematika: a < b dan b > c");
    for (const q of ["tafsir al-qur'an", "qur'an hadis", "jilid 1"]) expect(ids(await list.loader(args(`/katalog?q=${encodeURIComponent(q)}`))), q).toEqual([21]);
    // The markup's own words find nothing: "amp", "39", "i".
    for (const q of ["amp", "39"]) expect(ids(await list.loader(args(`/katalog?q=${q}`))), q).toEqual([]);
    const genres = (await list.loader(args("/katalog"))).facets.find((facet) => facet.name === "genre")?.values;
    expect(genres?.find((value) => value.label === "Sains & Teknologi")).toMatchObject({ count: 1 });
  });

  it("shows a year written alone as that year, and counts every book under the year its page shows", async () => {
    const dates: Record<number, string> = { 21: "c1998", 22: "[2001]", 23: "1998", 24: "2019-12-31T17:00:00.000Z" };
    serveCatalogue({ books: booksOf(24).map((book) => (dates[book.id] ? { ...book, published_date: dates[book.id] } : book)) });
    const shown = async (id: number) => (await detail.loader(args(`/katalog/${id}`, { bookId: String(id) }))).book;
    expect(await shown(21)).toMatchObject({ publishedDate: "1998", publishedDateIso: "1998" });
    expect(await shown(22)).toMatchObject({ publishedDate: "2001", publishedDateIso: "2001" });
    expect(await shown(24)).toMatchObject({ publishedDate: "01-01-2020", publishedDateIso: "2020-01-01" });
    const years = (await list.loader(args("/katalog"))).facets.find((facet) => facet.name === "year")?.values.map(({ value, count }) => [value, count]);
    expect(years).toEqual([["2024", 20], ["2020", 1], ["2001", 1], ["1998", 2]]);
    expect(ids(await list.loader(args("/katalog?year=2020")))).toEqual([24]);
    expect(ids(await list.loader(args("/katalog?year=1998")))).toEqual([23, 21]);
    // Ordered by publication: the latest first, a year alone after its year's days, the newest added first among equals.
    const byPublication = ids(await list.loader(args("/katalog?sort=tahun")));
    expect(byPublication.slice(0, 3)).toEqual([20, 19, 18]);
    expect(byPublication.slice(-4)).toEqual([24, 22, 23, 21]);
  });

  it("answers 404 for a book the list does not have, or an id no book has", async () => {
    serveCatalogue();
    for (const id of ["61", "0", "abc", "x".repeat(65)]) {
      expect((await thrownResponse(detail.loader(args(`/katalog/${id}`, { bookId: id })))).init?.status, id).toBe(404);
    }
  });
});

describe("/katalog/video", () => {
  it("lists the videos newest first, files on the upstream's host through this site's /files", async () => {
    serveCatalogue();
    const page = await videos.loader(args("/katalog/video"));
    expect(page).toMatchObject({ page: 1, pages: 1, total: 2 });
    expect(page.videos).toEqual([
      { id: "2", title: "Dari tempat lain", description: "", link: "https://video.example.com/x.mp4", thumbnail: null, watched: 3 },
      { id: "1", title: "Profil Dinas", description: "Layanan kami.", link: "/files/profil.mp4", thumbnail: "/files/profil.png", watched: 1250 },
    ]);
  });
});

describe("an upstream that counts pages from 0, caps them at 20 and refuses a page past the end (spec §7, §9)", () => {
  it("/katalog, its facets and /katalog/video show every book, classification and video", async () => {
    serveCatalogue();
    const quirks = { firstPage: 0, maxLimit: 20, pastEnd: 404 } as const;
    const books = booksOf(45);
    servePagedList("/books/all", "books", 45, (id) => books[id - 1], quirks);
    servePagedList("/classifications", "data", 45, (id) => ({ id, notation: `${id}00`, general_name: `Kelas ${id}` }), quirks);
    servePagedList("/videos", "data", 45, (id) => ({ id, title: `Video ${id}`, description: "", link: "", thumbnail: "", watched: 0 }), quirks);
    const page = await list.loader(args("/katalog"));
    expect(page.total).toBe(45);
    expect(ids(page)[0]).toBe(45);
    // Book 5 is of classification 3, on the upstream's page 0.
    expect(page.facets.find((each) => each.name === "classification")?.values.map(({ value, count }) => [value, count])).toEqual([["300", 1]]);
    expect(await videos.loader(args("/katalog/video"))).toMatchObject({ total: 45 });
  });
});

describe("/katalog/video and /katalog/{id}, with what other tools left in the records", () => {
  it("shows no address on the upstream's own host but its files, no negative count, and names a record without a title", async () => {
    serveCatalogue({ books: booksOf(3).map((book) => (book.id === 2 ? { ...book, title: "  " } : book)) });
    upstream.use(
      http.get(`${UPSTREAM}/videos`, () =>
        HttpResponse.json({
          data: [
            { id: 1, title: "", description: "", link: "uploads/video.mp4", thumbnail: "  ", watched: -5 },
            { id: 2, title: "Relatif", description: "", link: "http://upstream.test/", thumbnail: "thumb.png", watched: "1.250" },
          ],
        }),
      ),
    );
    const page = await videos.loader(args("/katalog/video"));
    expect(page.videos.map(({ title, link, thumbnail, watched }) => ({ title, link, thumbnail, watched }))).toEqual([
      { title: "Relatif", link: null, thumbnail: null, watched: 1250 },
      { title: "Tanpa judul", link: null, thumbnail: null, watched: 0 },
    ]);
    expect((await detail.loader(args("/katalog/2", { bookId: "2" }))).book.title).toBe("Tanpa judul");
    expect((await list.loader(args("/katalog"))).books.find((book) => book.id === "2")?.title).toBe("Tanpa judul");
  });
});

describe("links to the catalogue", () => {
  it("the menu offers it and the sitemap lists its pages and every book", async () => {
    serveCatalogue({ books: booksOf(3) });
    upstream.use(http.get(`${UPSTREAM}/abouts`, () => HttpResponse.json({ data: [] })), http.get(`${UPSTREAM}/activities`, () => HttpResponse.json({ data: [] })));
    expect((await layout.loader(args("/"))).catalogue).toBe(true);
    const xml = await (await sitemap.loader(args("/sitemap.xml"))).text();
    for (const path of ["/katalog", "/katalog/video", "/katalog/1", "/katalog/2", "/katalog/3"]) expect(xml).toContain(`<loc>http://localhost${path}</loc>`);
  });
});
