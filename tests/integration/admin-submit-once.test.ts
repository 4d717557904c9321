import { redirect } from "@remix-run/node";
import { delay, http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ResourceAdapter } from "~/admin-kit/server/screen/adapter.server";
import { savedOnce } from "~/admin-kit/server/screen/submit-once.server";
import { SUBMISSION_FIELD } from "~/admin-kit/submissions";
import type { AdminContext } from "~/platform/auth.server";
import { RECORD_LOCK_MESSAGES } from "~/platform/record-locks.server";
import { genreScreen } from "~/resources/genres/genres";
import * as route from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { request } from "../helpers/sessions";
import { servePagedList } from "./admin-catalogue-support";
import { adminCookie, adminScreen, alertAfter, form, recordWrites, submit, type FormEntries, type Submitted } from "./admin-screen-support";

/**
 * A form saved once (app/admin-kit/server/screen/submit-once.server.ts): the add or edit form's
 * one-time id makes a second POST of the same form (a second press of "Simpan" before the first's
 * answer came, JavaScript off) write nothing more and get the first's answer, on the genre screen
 * (a JSON write of a name). The browser's side: tests/e2e/admin-submit-once.test.ts.
 */

const ID = "3f2b8c1e-6d4a-4b7e-9c21-5a0e7f9d1b42";
const OTHER_ID = "9a6c2f40-1b3d-4e8f-a7c5-2d9e0b4f6a13";

const genres = adminScreen(route, "/admin/genre");

beforeEach(() => {
  servePagedList("/genres", "data", 2, (id) => ({ id, name: `Nama ${id}`, cover: null }));
});

const added = (name: string, id?: string): FormEntries => [...(id === undefined ? [] : [[SUBMISSION_FIELD, id] as [string, string]]), ["name", name]];

function locationOf(submitted: Submitted): string {
  expect(submitted.kind).toBe("redirect");
  return submitted.kind === "redirect" ? submitted.location : "";
}

describe("an add form sent twice", () => {
  it("with the same id creates one record upstream, and both answers are the redirect to the list with its success notice", async () => {
    const writes = recordWrites("post", "/genres", { status: 201, body: { data: { id: 3 } } });
    const first = await genres.add(added("Sejarah lokal", ID));
    const second = await genres.add(added("Sejarah lokal", ID));
    expect(writes).toHaveLength(1);
    expect(locationOf(second)).toBe(locationOf(first));
    // The second answer flashes the notice again: the browser shows the answer to the last press only.
    expect(await genres.alertAfter(second)).toEqual([{ type: "success", message: "Berhasil menambahkan data!" }]);
  });

  it("twice at once with the same id creates one record: the second waits for the first and gets its answer", async () => {
    const writes: unknown[] = [];
    upstream.use(
      http.post(`${UPSTREAM}/genres`, async ({ request: incoming }) => {
        writes.push(await incoming.json());
        await delay(50);
        return HttpResponse.json({ data: { id: 3 } }, { status: 201 });
      }),
    );
    const [first, second] = await Promise.all([genres.add(added("Sejarah lokal", ID)), genres.add(added("Sejarah lokal", ID))]);
    expect(writes).toEqual([{ name: "Sejarah lokal" }]);
    expect(locationOf(second)).toBe(locationOf(first));
  });

  it("is written once even when the browser dropped the first press (its answer no longer awaited) while the upstream wrote it", async () => {
    // JavaScript off, a second press cancels the first's navigation: its connection closes, its request is aborted.
    const dropped = new AbortController();
    const writes: unknown[] = [];
    upstream.use(
      http.post(`${UPSTREAM}/genres`, async ({ request: incoming }) => {
        writes.push(await incoming.json());
        if (writes.length === 1) dropped.abort();
        await delay(50);
        return HttpResponse.json({ data: { id: 3 } }, { status: 201 });
      }),
    );
    const cookie = genres.cookie;
    const body = () => form([["intent", "create"], ...added("Sejarah lokal", ID)]);
    const firstPress = route.action({ request: request("/admin/genre?modal=add", { method: "POST", body: body(), cookie, signal: dropped.signal }), params: {}, context: { clientIp: "127.0.0.1" } });
    firstPress.catch(() => undefined);
    const second = await submit(route, "/admin/genre?modal=add", cookie, body());
    await firstPress.catch(() => undefined);
    expect(writes).toEqual([{ name: "Sejarah lokal" }]);
    expect(await genres.alertAfter(second)).toEqual([{ type: "success", message: "Berhasil menambahkan data!" }]);
  });

  it("with different ids creates two records", async () => {
    const writes = recordWrites("post", "/genres", { status: 201, body: { data: { id: 3 } } });
    locationOf(await genres.add(added("Sejarah lokal", ID)));
    locationOf(await genres.add(added("Sejarah lokal", OTHER_ID)));
    expect(writes).toHaveLength(2);
  });

  it("without an id (a tab opened before this release) saves each time, as before", async () => {
    const writes = recordWrites("post", "/genres", { status: 201, body: { data: { id: 3 } } });
    locationOf(await genres.add(added("Sejarah lokal")));
    locationOf(await genres.add(added("Sejarah lokal")));
    expect(writes).toHaveLength(2);
  });

  it("with an id that is not one of ours treats it as absent, never a 500", async () => {
    for (const forged of ["", "x", "3F2B8C1E-6D4A-4B7E-9C21-5A0E7F9D1B42", `${ID}\n`, "a".repeat(10_000)]) {
      const writes = recordWrites("post", "/genres", { status: 201, body: { data: { id: 3 } } });
      locationOf(await genres.add(added("Sejarah lokal", forged)));
      locationOf(await genres.add(added("Sejarah lokal", forged)));
      expect(writes, JSON.stringify(forged.slice(0, 40))).toHaveLength(2);
      upstream.resetHandlers();
      servePagedList("/genres", "data", 2, (id) => ({ id, name: `Nama ${id}`, cover: null }));
    }
  });

  it("with the same id from another admin session is that session's own: written again", async () => {
    const writes = recordWrites("post", "/genres", { status: 201, body: { data: { id: 3 } } });
    locationOf(await genres.add(added("Sejarah lokal", ID)));
    const otherCookie = await adminCookie();
    locationOf(await submit(route, "/admin/genre?modal=add", otherCookie, form([["intent", "create"], ...added("Sejarah lokal", ID)])));
    expect(writes).toHaveLength(2);
  });

  it("after a refusal that wrote nothing, is checked and written anew (the admin corrected it; JavaScript keeps the form's id)", async () => {
    const writes = recordWrites("post", "/genres", { status: 201, body: { data: { id: 3 } } });
    const refused = await genres.add(added("", ID));
    expect(refused).toMatchObject({ kind: "data", status: 400 });
    // The form sent back keeps its id: sent again from that page, it is the same submission.
    expect(refused.kind === "data" && refused.data.result?.initialValue?.[SUBMISSION_FIELD]).toBe(ID);
    locationOf(await genres.add(added("Sejarah lokal", ID)));
    expect(writes).toHaveLength(1);
  });

  it("after the upstream failed, is sent upstream again (nothing was written)", async () => {
    const failed = recordWrites("post", "/genres", { status: 500 });
    expect(await genres.add(added("Sejarah lokal", ID))).toMatchObject({ kind: "data", status: 502 });
    expect(failed).toHaveLength(1);
    const writes = recordWrites("post", "/genres", { status: 201, body: { data: { id: 3 } } });
    locationOf(await genres.add(added("Sejarah lokal", ID)));
    expect(writes).toHaveLength(1);
  });

  it("after the upstream did not answer in time, is told the same and not written again (the first may have been)", async () => {
    const writes: unknown[] = [];
    upstream.use(
      http.post(`${UPSTREAM}/genres`, async ({ request: incoming }) => {
        writes.push(await incoming.json());
        // Past UPSTREAM_TIMEOUT_MS (tests/setup/unit.ts).
        await delay("infinite");
        return HttpResponse.json({});
      }),
    );
    const first = await genres.add(added("Sejarah lokal", ID));
    const second = await genres.add(added("Sejarah lokal", ID));
    expect(writes).toHaveLength(1);
    expect(first).toMatchObject({ kind: "data", status: 502, data: { alert: { message: expect.stringContaining("belum diketahui") } } });
    expect(second).toEqual(first);
  });
});

describe("an edit form sent twice", () => {
  let names: Record<number, string>;
  beforeEach(() => {
    names = { 1: "Nama 1", 2: "Nama 2" };
    servePagedList("/genres", "data", 2, (id) => ({ id, name: names[id], cover: null }));
  });

  it("with the same id writes once, and the second gets the first's redirect, not a conflict with its own write", async () => {
    const writes: unknown[] = [];
    upstream.use(
      http.put(`${UPSTREAM}/genres`, async ({ request: incoming }) => {
        const body = (await incoming.json()) as { id: number; name: string };
        writes.push(body);
        names[body.id] = body.name;
        return HttpResponse.json({});
      }),
    );
    const { screen } = await genres.load("/admin/genre?modal=edit&id=2");
    // Typed with a space at its end: stored trimmed, so the form's value is not what is stored.
    const edit: FormEntries = [[SUBMISSION_FIELD, ID], ["_shown", screen.editing?.shown ?? ""], ["name", "Nama baru "]];
    const first = await genres.edit("2", edit);
    const second = await genres.edit("2", edit);
    expect(writes).toEqual([{ id: 2, name: "Nama baru" }]);
    expect(locationOf(second)).toBe(locationOf(first));
    expect(await alertAfter(route, second, genres.cookie)).toEqual([{ type: "success", message: "Berhasil mengubah data!" }]);
  });
});

describe("a copy still waiting for the first after a minute", () => {
  it("gets its form back as typed, its id with it, asking to try again shortly (423), and saves nothing", async () => {
    vi.useFakeTimers();
    try {
      const admin = { session: { id: "sesi-uji" }, outlastingVisitor: () => admin } as unknown as AdminContext;
      const adapter = { definition: genreScreen } as unknown as ResourceAdapter<unknown, never, typeof genreScreen.schema>;
      const fields: Array<[string, string]> = [["intent", "create"], [SUBMISSION_FIELD, ID], ["name", "Sejarah lokal"]];
      let finish!: () => void;
      const first = savedOnce(admin, adapter, fields, () => new Promise((resolve) => (finish = () => resolve(redirect("/admin/genre")))));
      let copySaved = false;
      const copy = savedOnce(admin, adapter, fields, async () => {
        copySaved = true;
        return redirect("/admin/genre");
      });
      await vi.advanceTimersByTimeAsync(60_001);
      expect(await copy).toMatchObject({
        init: { status: 423 },
        data: { alert: { message: RECORD_LOCK_MESSAGES.busy }, result: { initialValue: { [SUBMISSION_FIELD]: ID, name: "Sejarah lokal" } } },
      });
      finish();
      await first;
      expect(copySaved).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
