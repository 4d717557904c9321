import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { BULK_ALL_MAX, BULK_MAX_IDS, BULK_TEXTS } from "~/admin-kit/bulk";
import { clearAllCaches } from "~/platform/cache.server";
import type { AuditCells } from "~/lib/audit";
import * as screenRoute from "~/routes/admin-screen";
import * as auditRoute from "~/routes/admin.audit";
import * as exportRoute from "~/routes/admin.export.$screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { request } from "../helpers/sessions";
import { adminCookie, load, recordAllRequests, submit } from "./admin-screen-support";

/**
 * A list's bulk actions (app/admin-kit/bulk.ts) on the activities' screen against a mocked
 * upstream: one question naming the count, then each record deleted the single delete's way
 * (an audit entry each) or reported; "all matching" sent as the view; the export of a selection;
 * and bad input refused in Indonesian with a 4xx before the upstream is written to. In a browser:
 * tests/e2e/admin-bulk.test.ts. (Isolated: it reads the audit log its own deletes wrote.)
 */

const DAYS = ["2024-01-05", "2024-01-12", "2024-01-15", "2024-02-01", "2024-02-20", "2024-03-03", "2024-03-09", "2024-04-01"];
/** Days another tool gave some activities since (by id). */
let movedTo: Map<number, string>;
const activity = (id: number) => ({ id, date: `${movedTo.get(id) ?? DAYS[(id - 1) % DAYS.length]}T00:00:00.000Z`, title: `Kegiatan ${id}`, description: "<p>Isi.</p>", file: `k-${id}.jpg` });

let cookie: string;
let stored: Set<number>;
/** Ids whose DELETE the upstream answers with an error status. */
let refusing: Map<number, number>;
let deletes: number[];
beforeEach(async () => {
  cookie = await adminCookie();
  stored = new Set(Array.from({ length: 8 }, (_, index) => index + 1));
  refusing = new Map();
  movedTo = new Map();
  deletes = [];
  upstream.use(
    http.get(`${UPSTREAM}/activities`, ({ request: incoming }) => {
      const url = new URL(incoming.url);
      const limit = Number(url.searchParams.get("limit") || 0);
      const page = Math.max(1, Number(url.searchParams.get("page") || 1));
      const all = [...stored].sort((a, b) => b - a).map(activity);
      return HttpResponse.json({ data: limit ? all.slice((page - 1) * limit, page * limit) : all });
    }),
    http.get(`${UPSTREAM}/activities/:id`, ({ params }) =>
      stored.has(Number(params.id)) ? HttpResponse.json({ data: activity(Number(params.id)) }) : HttpResponse.json({ error: "Data tidak ditemukan" }, { status: 404 }),
    ),
    http.delete(`${UPSTREAM}/activities/:id`, ({ params }) => {
      const id = Number(params.id);
      deletes.push(id);
      const status = refusing.get(id);
      if (status) return HttpResponse.json({ error: "tidak bisa" }, { status });
      if (!stored.delete(id)) return HttpResponse.json({ error: "Data tidak ditemukan" }, { status: 404 });
      return HttpResponse.json({ message: "Data berhasil dihapus" });
    }),
  );
});

const bulk = (path: string, entries: Array<[string, string]>) => submit(screenRoute, path, cookie, new URLSearchParams([["intent", "bulk-delete"], ...entries]));
const ids = (...values: number[]): Array<[string, string]> => values.map((id) => ["ids", String(id)]);

async function deletions(): Promise<AuditCells[]> {
  const result = (await auditRoute.loader({ request: request("/admin/audit?resource=activity", { cookie }), params: {}, context: { clientIp: "x" } })) as {
    data: { rows: Array<{ cells: AuditCells }> };
  };
  return result.data.rows.map((row) => row.cells).filter((cells) => cells.action === "Hapus");
}

describe("the list", () => {
  it("reads a selection link's state as no filter of the view", async () => {
    const { screen } = await load(screenRoute, "/admin/activity?select=all&q=kegiatan", cookie);
    expect(screen.notes).toEqual([]);
    expect(screen.count?.total).toBe(8);
  });
});

describe("bulk delete", () => {
  it("asks once, naming the count, and deletes nothing until confirmed", async () => {
    const calls = recordAllRequests();
    const asked = await bulk("/admin/activity?page=1", ids(2, 4, 6));
    expect(asked).toMatchObject({ kind: "data", status: 200, data: { bulk: { stage: "confirm", count: 3, ids: ["6", "4", "2"] } } });
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
    expect(deletes).toEqual([]);
  });

  it("deletes three with one failing: the failure reported, the other two deleted, an audit entry for each", async () => {
    refusing.set(4, 500);
    const before = (await deletions()).length;
    const answered = await bulk("/admin/activity", [...ids(2, 4, 6), ["confirmed", "1"]]);
    expect(answered.kind).toBe("data");
    if (answered.kind !== "data") return;
    expect(answered.status).toBe(200);
    expect(answered.data.bulk).toEqual({ stage: "report", deleted: 2, failed: [{ id: "4", label: "Kegiatan 4", message: "Gagal menghapus kegiatan!" }] });
    expect(answered.data.alert).toMatchObject({ type: "error", message: "2 data terhapus, 1 data gagal dihapus." });
    expect(deletes.sort()).toEqual([2, 4, 6]);
    expect([...stored].sort()).toEqual([1, 3, 4, 5, 7, 8]);
    const entries = (await deletions()).slice(0, -before || undefined);
    expect(entries).toHaveLength(3);
    const byId = new Map(entries.map((cells) => [cells.recordId, cells]));
    expect(byId.get("2")).toMatchObject({ recordLabel: "Kegiatan 2", outcome: "Berhasil" });
    expect(byId.get("6")).toMatchObject({ recordLabel: "Kegiatan 6", outcome: "Berhasil" });
    expect(byId.get("4")).toMatchObject({ recordLabel: "Kegiatan 4" });
    expect(byId.get("4")?.outcome).not.toBe("Berhasil");
  });

  it("reports a record already gone upstream (404) as such, not as a server error", async () => {
    refusing.set(3, 404);
    const answered = await bulk("/admin/activity", [...ids(3, 5), ["confirmed", "1"]]);
    expect(answered).toMatchObject({ kind: "data", status: 200, data: { bulk: { stage: "report", deleted: 1, failed: [{ id: "3", message: "Data sudah tidak ada (mungkin sudah dihapus di tempat lain)." }] } } });
    // What the admin wanted happened: not said as a failure.
    expect(answered).toMatchObject({ data: { alert: { type: "success", message: "1 data terhapus; 1 data sudah tidak ada (mungkin sudah dihapus di tempat lain)." } } });
  });

  it("reports a record gone from the list between the question and its confirmation, never sending it", async () => {
    stored.delete(7);
    const answered = await bulk("/admin/activity", [...ids(7, 8), ["confirmed", "1"]]);
    expect(answered).toMatchObject({ kind: "data", status: 200, data: { bulk: { stage: "report", deleted: 1, failed: [{ id: "7", message: "Data sudah tidak ada (mungkin sudah dihapus di tempat lain)." }] } } });
    expect(deletes).toEqual([8]);
  });

  it("all of them already gone: a report, not a server error; the upstream failing on all: a 502 with the report", async () => {
    refusing.set(1, 404);
    refusing.set(2, 503);
    expect(await bulk("/admin/activity", [...ids(1), ["confirmed", "1"]])).toMatchObject({ kind: "data", status: 200, data: { bulk: { deleted: 0 } } });
    expect(await bulk("/admin/activity", [...ids(2), ["confirmed", "1"]])).toMatchObject({ kind: "data", status: 502, data: { bulk: { deleted: 0, failed: [{ id: "2", message: "Gagal menghapus kegiatan!" }] } } });
  });

  it("the upstream refusing every one (409: still in use): a 422 with the report, not a server error", async () => {
    refusing.set(3, 409);
    refusing.set(4, 409);
    expect(await bulk("/admin/activity", [...ids(3, 4), ["confirmed", "1"]])).toMatchObject({ kind: "data", status: 422, data: { bulk: { deleted: 0 } } });
  });

  it("all deleted: back to the list with the count", async () => {
    const answered = await bulk("/admin/activity?q=kegiatan", [...ids(1, 2), ["confirmed", "1"]]);
    expect(answered).toMatchObject({ kind: "redirect", location: "/admin/activity?q=kegiatan" });
    expect([...stored].sort()).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it("all matching a filter: sent as the view, asked with its count, then exactly those deleted", async () => {
    const view = "/admin/activity?date_from=2024-01-01&date_to=2024-01-31";
    const before = (await deletions()).length;
    const asked = await bulk(view, [["all", "1"]]);
    expect(asked).toMatchObject({ kind: "data", status: 200, data: { bulk: { stage: "confirm", count: 3, ids: null } } });
    // The view matched three when asked; a confirmation naming another count deletes nothing.
    const stale = await bulk(view, [["all", "1"], ["confirmed", "1"], ["count", "5"]]);
    expect(stale).toMatchObject({ kind: "data", status: 409 });
    expect(deletes).toEqual([]);
    const { matched } = (asked as { data: { bulk: { matched: string } } }).data.bulk;
    const answered = await bulk(view, [["all", "1"], ["confirmed", "1"], ["count", "3"], ["matched", matched]]);
    expect(answered.kind).toBe("redirect");
    // Ids 1, 2 and 3 are January's.
    expect([...stored].sort()).toEqual([4, 5, 6, 7, 8]);
    // Newest first: this test's entries are the first ones.
    const entries = await deletions();
    expect(entries.slice(0, entries.length - before).map((cells) => cells.recordId).sort()).toEqual(["1", "2", "3"]);
  });
});

describe("all matching, when the view matches other records by the confirmation", () => {
  it("deletes nothing though their number is the same, and says the matches changed", async () => {
    const view = "/admin/activity?date_from=2024-01-01&date_to=2024-01-31";
    const asked = await bulk(view, [["all", "1"]]);
    const { count, matched } = (asked as { data: { bulk: { count: number; matched: string } } }).data.bulk;
    expect(count).toBe(3);
    // Meanwhile, elsewhere: January's activity 1 goes, a new one of January (9) comes.
    stored.delete(1);
    stored.add(9);
    // As the list's copy would be, read again after its minute (ADMIN_LIST_REFRESH_MS).
    clearAllCaches();
    const confirmed = await bulk(view, [["all", "1"], ["confirmed", "1"], ["count", String(count)], ["matched", matched]]);
    expect(confirmed).toMatchObject({ kind: "data", status: 409, data: { alert: { message: BULK_TEXTS.matchesChanged } } });
    expect(deletes).toEqual([]);
    // A confirmation that names no matches (an older page) deletes nothing either.
    expect(await bulk(view, [["all", "1"], ["confirmed", "1"], ["count", "3"]])).toMatchObject({ kind: "data", status: 409 });
    expect(deletes).toEqual([]);
  });
});

describe("a confirmation reads the list anew: the list's copy may be a minute old", () => {
  it("all matching: a record another tool moved out of the view since the question is not deleted with the others", async () => {
    const view = "/admin/activity?date_from=2024-01-01&date_to=2024-01-31";
    const asked = await bulk(view, [["all", "1"]]);
    const { count, matched } = (asked as { data: { bulk: { count: number; matched: string } } }).data.bulk;
    expect(count).toBe(3);
    // Within the copy's minute, elsewhere: January's activity 2 moves to April.
    movedTo.set(2, "2024-04-02");
    const confirmed = await bulk(view, [["all", "1"], ["confirmed", "1"], ["count", String(count)], ["matched", matched]]);
    expect(confirmed).toMatchObject({ kind: "data", status: 409 });
    expect(deletes).toEqual([]);
    // Asked again, the view's two are deleted, and activity 2 stays.
    const again = (await bulk(view, [["all", "1"]])) as { data: { bulk: { count: number; matched: string } } };
    expect(again.data.bulk.count).toBe(2);
    expect(await bulk(view, [["all", "1"], ["confirmed", "1"], ["count", "2"], ["matched", again.data.bulk.matched]])).toMatchObject({ kind: "redirect" });
    expect(deletes.sort()).toEqual([1, 3]);
    expect(stored.has(2)).toBe(true);
  });

  it("chosen ids: a record made elsewhere since the copy was read is asked about and deleted, not refused as unknown", async () => {
    await load(screenRoute, "/admin/activity", cookie);
    stored.add(9);
    expect(await bulk("/admin/activity", ids(9, 8))).toMatchObject({ kind: "data", status: 200, data: { bulk: { stage: "confirm", count: 2 } } });
    expect(await bulk("/admin/activity", [...ids(9, 8), ["confirmed", "1"]])).toMatchObject({ kind: "redirect" });
    expect(deletes.sort()).toEqual([8, 9]);
  });
});

describe("all matching, when a filter of the view cannot be read", () => {
  it("asks nothing and deletes nothing: the view is wider than the admin chose", async () => {
    const asked = await bulk("/admin/activity?date_from=2024-03-01&date_to=kemarin", [["all", "1"]]);
    expect(asked).toMatchObject({ kind: "data", status: 400, data: { alert: { message: BULK_TEXTS.filtersIgnored(["Tanggal “kemarin”"]) } } });
    expect(deletes).toEqual([]);
  });
});

describe("bad input: a 4xx in Indonesian, nothing written upstream", () => {
  const refusedWith = async (entries: Array<[string, string]>, status: number, message: RegExp, path = "/admin/activity") => {
    const answered = await bulk(path, [...entries, ["confirmed", "1"]]);
    expect(answered).toMatchObject({ kind: "data", status });
    if (answered.kind === "data") expect(answered.data.alert?.message).toMatch(message);
    expect(deletes).toEqual([]);
  };

  it("an empty selection", () => refusedWith([], 400, /Belum ada data yang dipilih/));
  it("ids that are not record ids", () => refusedWith([["ids", "2"], ["ids", "../../users"]], 400, /nomor data yang tidak dikenal/));
  it("ids the list does not hold", async () => {
    const asked = await bulk("/admin/activity", ids(2, 999));
    expect(asked).toMatchObject({ kind: "data", status: 400, data: { alert: { message: expect.stringMatching(/tidak ada di daftar ini/) } } });
    await refusedWith(ids(998, 999), 400, /tidak ada di daftar ini/);
  });
  it("more ids than a page holds", () => refusedWith(Array.from({ length: BULK_MAX_IDS + 1 }, (_, index) => ["ids", String(index + 1)] as [string, string]), 413, new RegExp(`paling banyak ${BULK_MAX_IDS}`)));
  // Past the form reader's 200 fields: refused as it reads, never buffered whole.
  it("10,000 ids", () => refusedWith(Array.from({ length: 10_000 }, (_, index) => ["ids", String(index + 1)] as [string, string]), 413, /Isian formulir terlalu banyak/));
  it("all matching, when nothing matches", () => refusedWith([["all", "1"], ["count", "0"]], 400, /Tidak ada data yang cocok/, "/admin/activity?q=tidakada"));
  it("names its limit for all matching", () => expect(BULK_ALL_MAX).toBeGreaterThanOrEqual(BULK_MAX_IDS));
});

describe("export of a selection", () => {
  const exported = async (method: "GET" | "POST", query: string, body?: URLSearchParams) => {
    const args = { request: request(`/admin/export/activity${query}`, { cookie, method, ...(body ? { body } : {}) }), params: { screen: "activity" }, context: { clientIp: "x" } };
    try {
      return (await (method === "GET" ? exportRoute.loader(args) : exportRoute.action(args))) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };
  const idsOf = async (response: Response) => (await response.text()).replace(/^\uFEFF/, "").trim().split("\r\n").slice(1).map((line) => line.split(";")[0]);

  it("writes just the chosen records, in the list's order, by ?ids= or posted", async () => {
    const got = await exported("GET", "?format=csv&sep=;&ids=2&ids=7");
    expect(got.status).toBe(200);
    expect(await idsOf(got)).toEqual(['"7"', '"2"']);
    const posted = await exported("POST", "?format=csv&sep=;", new URLSearchParams(ids(1, 5)));
    expect(await idsOf(posted)).toEqual(['"5"', '"1"']);
    const all = await exported("POST", "?format=csv&sep=;&date_from=2024-03-01", new URLSearchParams([["all", "1"]]));
    expect(await idsOf(all)).toEqual(['"8"', '"7"', '"6"']);
  });

  it("refuses the whole view when one of its filters cannot be read: the file would hold more than the admin chose", async () => {
    const wide = await exported("GET", "?format=csv&sep=;&date_from=kemarin");
    expect(wide.status).toBe(400);
    expect(await wide.text()).toBe(BULK_TEXTS.filtersIgnored(["Tanggal “kemarin”"]));
    // A selection by ids is the admin's own, whatever the view.
    expect((await exported("GET", "?format=csv&sep=;&date_from=kemarin&ids=2")).status).toBe(200);
  });

  it("refuses an empty, forged, unknown or oversize selection with a 4xx", async () => {
    expect((await exported("POST", "?format=csv", new URLSearchParams())).status).toBe(400);
    expect((await exported("GET", "?format=csv&ids=%3Cscript%3E")).status).toBe(400);
    const unknown = await exported("GET", "?format=csv&ids=2&ids=999");
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toMatch(/tidak ada di daftar ini/);
    const huge = new URLSearchParams(Array.from({ length: 10_000 }, (_, index) => ["ids", String(index)] as [string, string]));
    expect((await exported("POST", "?format=csv", huge)).status).toBe(413);
  });
});
