import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import * as optionsRoute from "~/routes/admin.options.$list";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { request } from "../helpers/sessions";
import { servePagedList } from "./admin-catalogue-support";
import { adminCookie } from "./admin-screen-support";

/**
 * `/admin/options/<list>?q=`: the pickers' choices, searched as the admin types, 20 at most,
 * from the list screen's copy: never the whole list.
 */

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
});

interface Answer {
  status: number;
  body: { options?: Array<{ value: string; label: string }>; total?: number; error?: string };
}

async function options(list: string, q = ""): Promise<Answer> {
  const result = (await optionsRoute.loader({
    request: request(`/admin/options/${list}${q ? `?q=${encodeURIComponent(q)}` : ""}`, { cookie }),
    params: { list },
    context: { clientIp: "127.0.0.1" },
  })) as { data: Answer["body"]; init?: { status?: number } };
  return { status: result.init?.status ?? 200, body: result.data };
}

const author = (id: number) => ({ id, name: `Pengarang ${id}`, biography: "Penulis sejarah daerah", photo: "", total_books: 0 });

describe("the pickers' choices", () => {
  it("5,000 authors: the first 20 in name order, and one found by its name's words", async () => {
    servePagedList("/authors", "author", 5_000, author);
    const first = await options("author");
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(5_000);
    expect(first.body.options).toHaveLength(20);
    expect(first.body.options?.slice(0, 3)).toEqual([
      { value: "1", label: "Pengarang 1" },
      { value: "2", label: "Pengarang 2" },
      { value: "3", label: "Pengarang 3" },
    ]);
    const found = await options("author", "PENGARANG 4321");
    expect(found.body).toEqual({ options: [{ value: "4321", label: "Pengarang 4321" }], total: 1 });
  });

  it("matches the label only: an author is not found by a word of their biography", async () => {
    servePagedList("/authors", "author", 30, author);
    expect((await options("author", "sejarah")).body).toEqual({ options: [], total: 0 });
  });

  it("labels a classification by its notation and name, searched by either", async () => {
    servePagedList("/classifications", "data", 3, (id) => ({ id, notation: `${id}00`, general_name: ["Karya Umum", "Filsafat", "Agama"][id - 1] }));
    expect((await options("classification", "filsafat")).body.options).toEqual([{ value: "2", label: "200 Filsafat" }]);
    expect((await options("classification", "3")).body.options).toEqual([{ value: "3", label: "300 Agama" }]);
  });

  it("knows no other list (nor a name of Object's own), and says so when the upstream cannot answer", async () => {
    for (const list of ["book", "constructor", "__proto__", "toString"]) {
      const answer = await options(list);
      expect(answer.status, list).toBe(404);
      expect(answer.body.error).toBe("Daftar pilihan tidak dikenal.");
    }
    upstream.use(http.get(`${UPSTREAM}/publishers`, () => HttpResponse.json({ error: "rusak" }, { status: 500 })));
    expect(await options("publisher", "x")).toEqual({ status: 503, body: { error: "Gagal mendapatkan data!" } });
  });
});
