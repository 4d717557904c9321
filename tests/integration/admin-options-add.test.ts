import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import * as optionsRoute from "~/routes/admin.options.$list";
import * as screenRoute from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { request, sessionCookie } from "../helpers/sessions";
import { adminCookie, recordWrites, submit } from "./admin-screen-support";

/**
 * "Tambah pengarang baru «…»" (issue 47, point 4): `POST /admin/options/<list>` adds what was
 * typed in a picker through the list's own screen (its rules, its duplicate check, the audit log)
 * and answers the picker with the new option to pick, the likely duplicates, or why not.
 */

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
});

interface Added {
  status: number;
  body: { added?: { value: string; label: string }; duplicates?: { matches: Array<{ id: string; label: string }>; total: number; confirm: string }; error?: string };
  location: string | null;
}

async function add(list: string, fields: Record<string, string>, asCookie = cookie): Promise<Added> {
  const response = (await optionsRoute.action({
    request: request(`/admin/options/${list}`, { method: "POST", body: new URLSearchParams(fields), cookie: asCookie }),
    params: { list },
    context: { clientIp: "127.0.0.1" },
  })) as Response | { data: Added["body"]; init?: { status?: number } };
  if (response instanceof Response) {
    const isJson = response.headers.get("content-type")?.includes("json");
    return { status: response.status, body: isJson ? await response.json() : {}, location: response.headers.get("Location") };
  }
  return { status: response.init?.status ?? 200, body: response.data, location: null };
}

const authors = [
  { id: 1, name: "Fitri Sutrisno, M.Hum.", biography: "Dosen", photo: "", total_books: 3 },
  { id: 2, name: "Ahmad Fauzi", biography: "", photo: "", total_books: 0 },
];

describe("adding a record from a picker", () => {
  it("adds an author by the typed name through the author screen's create, and answers the new option to pick", async () => {
    upstream.use(http.get(`${UPSTREAM}/authors`, () => HttpResponse.json({ author: authors })));
    const writes = recordWrites("post", "/authors", { status: 201, body: { author: { id: 77, name: "Rina Kartika" } } });
    const added = await add("author", { label: "  Rina Kartika " });
    expect(added).toEqual({ status: 201, body: { added: { value: "77", label: "Rina Kartika" } }, location: null });
    // The screen's own write (spec §7: multipart, total_books on create), with the name trimmed.
    expect(writes).toHaveLength(1);
    expect(writes[0].fields).toEqual(expect.arrayContaining([["name", "Rina Kartika"]]));
  });

  it("finds the new record's id in the list read anew when the upstream's answer names none", async () => {
    let created = false;
    upstream.use(
      http.get(`${UPSTREAM}/genres`, () => HttpResponse.json({ data: created ? [{ id: 12, name: "Puisi Lama" }, { id: 1, name: "Sejarah" }] : [{ id: 1, name: "Sejarah" }] })),
      http.post(`${UPSTREAM}/genres`, () => {
        created = true;
        return HttpResponse.json({ message: "ok" }, { status: 201 });
      }),
    );
    expect(await add("genre", { label: "Puisi Lama" })).toMatchObject({ status: 201, body: { added: { value: "12", label: "Puisi Lama" } } });
  });

  it("names the likely duplicates instead of writing, then adds once the admin confirms them", async () => {
    upstream.use(http.get(`${UPSTREAM}/authors`, () => HttpResponse.json({ author: authors })));
    const writes = recordWrites("post", "/authors", { status: 201, body: { author: { id: 78 } } });
    // The same person without the title: a likely duplicate (SAME_NAME).
    const warned = await add("author", { label: "fitri sutrisno" });
    expect(warned.status).toBe(409);
    expect(warned.body.duplicates).toMatchObject({ matches: [{ id: "1", label: "Fitri Sutrisno, M.Hum." }], total: 1 });
    expect(writes).toHaveLength(0);
    const confirmed = await add("author", { label: "fitri sutrisno", _save_duplicate: warned.body.duplicates!.confirm });
    expect(confirmed).toMatchObject({ status: 201, body: { added: { value: "78", label: "fitri sutrisno" } } });
    expect(writes).toHaveLength(1);
  });

  it("refuses an empty or overlong name with the screen's own message, writing nothing", async () => {
    upstream.use(http.get(`${UPSTREAM}/tags`, () => HttpResponse.json({ data: [] })));
    const writes = recordWrites("post", "/tags", { status: 201 });
    const empty = await add("tag", { label: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/wajib diisi/);
    const long = await add("tag", { label: "x".repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/100/);
    expect(writes).toHaveLength(0);
  });

  it("says why when the upstream refuses, as the screen's add form would", async () => {
    upstream.use(http.get(`${UPSTREAM}/publishers`, () => HttpResponse.json({ publishers: [] })));
    recordWrites("post", "/publishers", { status: 422, body: { error: "Nama penerbit ditolak" } });
    expect(await add("publisher", { label: "Penerbit Baru" })).toMatchObject({ status: 422, body: { error: "Gagal menambahkan data!" } });
  });

  it("adds to no list that takes no added record, nor to one that is no list, and only for an admin", async () => {
    const writes = recordWrites("post", "/classifications", { status: 201 });
    for (const list of ["classification", "book", "__proto__", "nothing"]) {
      const answer = await add(list, { label: "900" });
      expect(answer.status, list).toBe(404);
      expect(answer.body.error).toBe("Daftar pilihan tidak dikenal.");
    }
    expect(writes).toHaveLength(0);
    // A visitor whose role is not an admin's is sent away, as from every admin route.
    const visitor = await sessionCookie(1, { token: "token-role-1" });
    const refused = await add("author", { label: "Siapa Saja" }, visitor).catch((thrown: unknown) => thrown);
    expect(refused instanceof Response ? refused.status : (refused as Added).status).toBe(302);
  });

  it("brings a screen opened from a picker's link (no JavaScript) back to the form it came from, and nowhere else", async () => {
    upstream.use(http.get(`${UPSTREAM}/authors`, () => HttpResponse.json({ author: authors })));
    recordWrites("post", "/authors", { status: 201, body: { author: { id: 79 } } });
    const form = () => new URLSearchParams({ intent: "create", name: `Penulis ${Math.random()}` });
    const back = await submit(screenRoute, `/admin/author?modal=add&back=${encodeURIComponent("/admin/book?modal=add")}`, cookie, form());
    expect(back).toMatchObject({ kind: "redirect", location: "/admin/book?modal=add" });
    for (const elsewhere of ["https://evil.example/", "//evil.example", "/login", "/admin\\@evil"]) {
      const answer = await submit(screenRoute, `/admin/author?modal=add&back=${encodeURIComponent(elsewhere)}`, cookie, form());
      expect(answer, elsewhere).toMatchObject({ kind: "redirect", location: "/admin/author" });
    }
  });
});
