import { describe, expect, it } from "vitest";
import { formDraftOwner } from "~/platform/auth.server";
import {
  clearAllDrafts,
  clearDraft,
  DEFAULT_FORM_DRAFT_MAX_AGE_MS,
  draftFromFormData,
  draftTimeText,
  listDrafts,
  readDraft,
  saveDraft,
  sweepDrafts,
  type DraftContent,
  type DraftKey,
  type DraftStorage,
} from "~/lib/form-drafts";
import { parseConfig } from "@server/config.server";

/**
 * The form drafts kept in the admin's browser (app/lib/form-drafts.ts, issue 35 point 4): keyed by
 * account, screen and record, offered only to their account, dropped when old and on logout.
 * A Map stands in for localStorage (the module takes any Web Storage).
 */

class MemoryStorage implements DraftStorage {
  readonly items = new Map<string, string>();
  failWrites = false;
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException("full", "QuotaExceededError");
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const HOUR = 60 * 60 * 1000;
const MAX_AGE = 8 * HOUR;
const T0 = Date.UTC(2026, 10, 27, 7, 0);
const ANA = "owner-of-ana";
const BUDI = "owner-of-budi";
const sliderOf = (owner: string, record = "3"): DraftKey => ({ owner, screen: "slider-manager", record });
const content = (title: string, extra: Partial<DraftContent> = {}): DraftContent => ({
  values: { title: [title], description: ["<p>Isi <strong>tebal</strong></p>"] },
  labels: {},
  hadFiles: false,
  ...extra,
});

describe("a draft is keyed by account, screen and record", () => {
  it("is read back only under the key it was saved with", () => {
    const storage = new MemoryStorage();
    expect(saveDraft(sliderOf(ANA), content("Judul Ana", { href: "/admin/slider-manager?modal=edit&id=3" }), { storage, now: T0 })).toBe(true);
    expect(readDraft(sliderOf(ANA), { storage, maxAgeMs: MAX_AGE, now: T0 + HOUR })).toEqual({
      savedAt: T0,
      ...content("Judul Ana"),
      href: "/admin/slider-manager?modal=edit&id=3",
    });
    expect(readDraft(sliderOf(ANA, "add"), { storage, maxAgeMs: MAX_AGE, now: T0 })).toBeNull();
    expect(readDraft({ ...sliderOf(ANA), screen: "genre" }, { storage, maxAgeMs: MAX_AGE, now: T0 })).toBeNull();
  });

  it("is never offered to another account, and another account's draft of the same form is its own", () => {
    const storage = new MemoryStorage();
    saveDraft(sliderOf(ANA), content("Judul Ana"), { storage, now: T0 });
    expect(readDraft(sliderOf(BUDI), { storage, maxAgeMs: MAX_AGE, now: T0 })).toBeNull();
    expect(listDrafts(BUDI, { storage, maxAgeMs: MAX_AGE, now: T0 })).toEqual([]);
    saveDraft(sliderOf(BUDI), content("Judul Budi"), { storage, now: T0 + 1 });
    expect(readDraft(sliderOf(ANA), { storage, maxAgeMs: MAX_AGE, now: T0 })?.values.title).toEqual(["Judul Ana"]);
    expect(readDraft(sliderOf(BUDI), { storage, maxAgeMs: MAX_AGE, now: T0 })?.values.title).toEqual(["Judul Budi"]);
  });

  it("a newer save replaces the draft of the same form", () => {
    const storage = new MemoryStorage();
    saveDraft(sliderOf(ANA), content("Pertama"), { storage, now: T0 });
    saveDraft(sliderOf(ANA), content("Kedua"), { storage, now: T0 + 1000 });
    expect(readDraft(sliderOf(ANA), { storage, maxAgeMs: MAX_AGE, now: T0 + 2000 })).toMatchObject({ savedAt: T0 + 1000, values: { title: ["Kedua"] } });
    expect(storage.items.size).toBe(1);
  });

  it("lists an account's drafts, newest first", () => {
    const storage = new MemoryStorage();
    saveDraft(sliderOf(ANA, "1"), content("Satu"), { storage, now: T0 });
    saveDraft({ owner: ANA, screen: "genre", record: "add" }, content("Genre baru"), { storage, now: T0 + 5000 });
    saveDraft(sliderOf(BUDI, "1"), content("Budi"), { storage, now: T0 + 9000 });
    expect(listDrafts(ANA, { storage, maxAgeMs: MAX_AGE, now: T0 + 10_000 }).map(({ key }) => key)).toEqual([
      { owner: ANA, screen: "genre", record: "add" },
      { owner: ANA, screen: "slider-manager", record: "1" },
    ]);
  });
});

describe("a draft's lifetime", () => {
  it("is offered up to maxAgeMs after it was saved, and dropped once older", () => {
    const storage = new MemoryStorage();
    saveDraft(sliderOf(ANA), content("Judul"), { storage, now: T0 });
    expect(readDraft(sliderOf(ANA), { storage, maxAgeMs: MAX_AGE, now: T0 + MAX_AGE })).not.toBeNull();
    expect(readDraft(sliderOf(ANA), { storage, maxAgeMs: MAX_AGE, now: T0 + MAX_AGE + 1 })).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("a draft dated far ahead (a clock set back since) is not offered either", () => {
    const storage = new MemoryStorage();
    saveDraft(sliderOf(ANA), content("Judul"), { storage, now: T0 + 2 * MAX_AGE });
    expect(readDraft(sliderOf(ANA), { storage, maxAgeMs: MAX_AGE, now: T0 })).toBeNull();
  });

  it("the sweep drops every account's old or unreadable drafts and leaves the rest of storage alone", () => {
    const storage = new MemoryStorage();
    saveDraft(sliderOf(ANA, "1"), content("Lama"), { storage, now: T0 });
    saveDraft(sliderOf(BUDI, "2"), content("Baru"), { storage, now: T0 + MAX_AGE });
    storage.items.set("formDraft:v1:x:y:z", "{not json");
    storage.items.set("tus::fingerprint", "kept");
    sweepDrafts({ storage, maxAgeMs: MAX_AGE, now: T0 + MAX_AGE + 1 });
    expect([...storage.items.keys()].sort()).toEqual(["formDraft:v1:owner-of-budi:slider-manager:2", "tus::fingerprint"]);
  });

  it("the server's setting defaults to 8 hours (FORM_DRAFT_MAX_AGE_MS), as the module's constant says", () => {
    expect(parseConfig({ UPSTREAM_API_URL: "http://127.0.0.1:4000", NODE_ENV: "development" }).formDrafts.maxAgeMs).toBe(8 * HOUR);
    expect(DEFAULT_FORM_DRAFT_MAX_AGE_MS).toBe(8 * HOUR);
    expect(parseConfig({ UPSTREAM_API_URL: "http://127.0.0.1:4000", NODE_ENV: "development", FORM_DRAFT_MAX_AGE_MS: "3600000" }).formDrafts.maxAgeMs).toBe(HOUR);
    expect(() => parseConfig({ UPSTREAM_API_URL: "http://127.0.0.1:4000", NODE_ENV: "development", FORM_DRAFT_MAX_AGE_MS: "5" })).toThrow(/FORM_DRAFT_MAX_AGE_MS/);
  });
});

describe("clearing", () => {
  it("an explicit logout drops the account's drafts, not another account's", () => {
    const storage = new MemoryStorage();
    saveDraft(sliderOf(ANA, "1"), content("Satu"), { storage, now: T0 });
    saveDraft({ owner: ANA, screen: "genre", record: "add" }, content("Dua"), { storage, now: T0 });
    saveDraft(sliderOf(BUDI, "1"), content("Budi"), { storage, now: T0 });
    clearAllDrafts(ANA, { storage });
    expect(listDrafts(ANA, { storage, maxAgeMs: MAX_AGE, now: T0 })).toEqual([]);
    expect(listDrafts(BUDI, { storage, maxAgeMs: MAX_AGE, now: T0 })).toHaveLength(1);
  });

  it("a saved or discarded form drops its own draft only", () => {
    const storage = new MemoryStorage();
    saveDraft(sliderOf(ANA, "1"), content("Satu"), { storage, now: T0 });
    saveDraft(sliderOf(ANA, "2"), content("Dua"), { storage, now: T0 });
    clearDraft(sliderOf(ANA, "1"), { storage });
    expect(readDraft(sliderOf(ANA, "1"), { storage, maxAgeMs: MAX_AGE, now: T0 })).toBeNull();
    expect(readDraft(sliderOf(ANA, "2"), { storage, maxAgeMs: MAX_AGE, now: T0 })).not.toBeNull();
  });
});

describe("what a draft holds", () => {
  it("every value the form sends for its fields, an emptied list as empty; a chosen file by its name, size and type", () => {
    const data = new FormData();
    data.append("intent", "update");
    data.append("title", "Judul");
    data.append("description", "<p>Teks kaya</p>");
    data.append("genres", "4");
    data.append("genres", "7");
    data.append("file", new File([new Uint8Array([1, 2, 3])], "foto.png", { type: "image/png" }));
    expect(draftFromFormData(data, ["title", "description", "genres", "tags", "file"])).toEqual({
      values: { title: ["Judul"], description: ["<p>Teks kaya</p>"], genres: ["4", "7"], tags: [] },
      hadFiles: true,
      files: { file: { name: "foto.png", size: 3, type: "image/png", lastModified: expect.any(Number), offset: 0, finished: false } },
    });
  });

  it("an empty file input (a nameless, empty file) is no file", () => {
    const data = new FormData();
    data.append("title", "Judul");
    data.append("file", new File([], "", { type: "application/octet-stream" }));
    expect(draftFromFormData(data, ["title", "file"])).toEqual({ values: { title: ["Judul"] }, hadFiles: false });
  });

  it("a stored value that is not a draft, or names another site, is not offered as one", () => {
    const storage = new MemoryStorage();
    saveDraft(sliderOf(ANA), content("Judul", { href: "//evil.example/x" }), { storage, now: T0 });
    expect(readDraft(sliderOf(ANA), { storage, maxAgeMs: MAX_AGE, now: T0 })).not.toHaveProperty("href");
    const [name] = storage.items.keys();
    storage.items.set(name, JSON.stringify({ savedAt: T0, values: { title: "not a list" }, labels: {}, hadFiles: false }));
    expect(readDraft(sliderOf(ANA), { storage, maxAgeMs: MAX_AGE, now: T0 })).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("a browser that will not store (full, disabled) keeps no draft and the form goes on", () => {
    const storage = new MemoryStorage();
    storage.failWrites = true;
    expect(saveDraft(sliderOf(ANA), content("Judul"), { storage, now: T0 })).toBe(false);
    // No window here: the default storage is none, and every call is a no-op.
    expect(saveDraft(sliderOf(ANA), content("Judul"))).toBe(false);
    expect(readDraft(sliderOf(ANA), { maxAgeMs: MAX_AGE })).toBeNull();
    expect(() => clearAllDrafts(ANA)).not.toThrow();
  });

  it("says when it was saved in Indonesian: the time today, the date on another day", () => {
    const saved = new Date(2026, 10, 27, 14, 5).getTime();
    expect(draftTimeText(saved, new Date(2026, 10, 27, 16, 0).getTime())).toBe("pukul 14.05");
    expect(draftTimeText(saved, new Date(2026, 10, 28, 1, 0).getTime())).toBe("27 November 2026 pukul 14.05");
  });
});

describe("the owner the admin layout tells its pages", () => {
  it("is one account's alone, stable, and names neither its email nor anything of its token", () => {
    const ana = formDraftOwner({ id: 7, email: "ana@dispusip.local" });
    expect(formDraftOwner({ id: 7, email: " Ana@Dispusip.local " })).toBe(ana);
    expect(formDraftOwner({ id: 8, email: "ana@dispusip.local" })).not.toBe(ana);
    expect(formDraftOwner({ id: 7, email: "budi@dispusip.local" })).not.toBe(ana);
    expect(ana).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(ana).not.toContain("ana");
  });
});
