import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import * as screenRoute from "~/routes/admin-screen";
import { upstream, UPSTREAM } from "../mocks/upstream";
import { adminCookie, form, imageFile, noFile, recordAllRequests, recordWrites, submit } from "./admin-screen-support";

/**
 * Issue 20 point 1: a refused admin form shows what was typed, each field cut to its own
 * maximum, never the megabyte that was sent, and no field the form does not have.
 */

function longestRun(value: unknown): number {
  return Math.max(0, ...(JSON.stringify(value).match(/[^",\\[\]{}:]+/g) ?? []).map((run) => run.length));
}

describe("a refused admin form", () => {
  it("echoes a 600 KB title cut to its 255 characters, and no invented field", async () => {
    const cookie = await adminCookie();
    const calls = recordAllRequests();
    const submitted = await submit(
      screenRoute,
      "/admin/slider-manager?modal=add",
      cookie,
      form([
        ["intent", "create"],
        ["title", "J".repeat(600_000)],
        ["description", "d".repeat(200_000)],
        ["invented", "x".repeat(100_000)],
        ["file", imageFile()],
      ]),
    );
    expect(submitted).toMatchObject({ kind: "data", status: 400 });
    const echoed = submitted.kind === "data" ? (submitted.data.result?.initialValue as Record<string, string>) : {};
    expect(echoed.title).toHaveLength(255);
    // The description's own maximum (2,000 characters), not the 200,000 sent.
    expect(echoed.description.length).toBeLessThanOrEqual(2000);
    expect(longestRun(submitted)).toBeLessThanOrEqual(2000);
    expect(JSON.stringify(submitted)).not.toContain("invented");
    expect(calls).toEqual([]);
  });

  it("refuses text fields over FORM_MAX_BYTES together with 413, echoing none of them whole", async () => {
    const cookie = await adminCookie();
    const submitted = await submit(
      screenRoute,
      "/admin/slider-manager?modal=add",
      cookie,
      form([
        ["intent", "create"],
        ["title", "J".repeat(900_000)],
        ["description", "d".repeat(300_000)],
        ["file", imageFile()],
      ]),
    );
    expect(submitted).toMatchObject({ kind: "data", status: 413 });
    expect(longestRun(submitted)).toBeLessThanOrEqual(255);
  });

  it("echoes the form's values cut, with the upstream's refusal too", async () => {
    const cookie = await adminCookie();
    recordWrites("post", "/publishers", { status: 422, body: { error: "Nama sudah ada" } });
    const submitted = await submit(
      screenRoute,
      "/admin/publisher?modal=add",
      cookie,
      form([
        ["intent", "create"],
        ["name", "Penerbit"],
        ["about", "a".repeat(5000)],
        ["file", noFile()],
      ]),
    );
    expect(submitted).toMatchObject({ kind: "data", status: 422 });
    expect(longestRun(submitted)).toBeLessThanOrEqual(5000);
  });

  it("names a refused list item on its list, and echoes it no longer than an id", async () => {
    const cookie = await adminCookie();
    // The book as stored now: an edit reads it before anything else (spec §3's shape).
    const stored = { id: 1, title: "Buku", synopsis: "", published_date: "2026-11-01T00:00:00.000Z", isbn_issn: "", author: { name: "A" } };
    upstream.use(http.get(`${UPSTREAM}/books/all`, () => HttpResponse.json({ books: [{ ...stored, publisher: { name: "P" }, genres: [], tags: [] }] })));
    const calls = recordAllRequests();
    const submitted = await submit(
      screenRoute,
      "/admin/book?modal=edit&id=1",
      cookie,
      form([
        ["intent", "update"],
        ["id", "1"],
        ["title", "Buku"],
        ["published_date", "2026-11-01"],
        ["author_id", "1"],
        ["publisher_id", "1"],
        ["genres", "1"],
        ["tags", "0".repeat(120_000)],
        ["tags", "\u{10FFFF}"],
      ]),
    );
    expect(submitted).toMatchObject({ kind: "data", status: 400 });
    const result = submitted.kind === "data" ? submitted.data.result : undefined;
    // The form shows the error on the Tag field itself, where it was an item's (tags[0]) before.
    expect(result?.error).toEqual({ tags: ["Tag tidak valid"] });
    expect(longestRun(submitted)).toBeLessThanOrEqual(255);
    // Nothing written: only the book and the pickers' lists were read, to merge with and to offer the form's choices back.
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  });
});
