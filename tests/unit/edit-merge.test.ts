import { describe, expect, it } from "vitest";
import { CHOICE_FIELD_PREFIX } from "~/admin-kit/edit-conflicts";
import type { FieldDefinition, FormValues } from "~/admin-kit/screen";
import { optionalText, requiredText } from "~/admin-kit/fields";
import { optionalIsbnIssn } from "~/admin-kit/isbn";
import { displayedValue, mergeWithCurrent, readShown, shownDigest } from "~/admin-kit/server/screen/merge.server";

/**
 * The three-way merge of an edit (app/admin-kit/server/screen/merge.server.ts): what the form showed
 * (its digests), what the admin sent, and the record as the upstream holds it now.
 */

const FIELDS: readonly FieldDefinition[] = [
  { name: "name", label: "Nama", type: "text" },
  { name: "isbn", label: "ISBN", type: "text" },
  { name: "address", label: "Alamat", type: "textarea" },
  { name: "about", label: "Tentang", type: "textEditor" },
  { name: "genres", label: "Genre", type: "pills", optionsFrom: "genres" },
  { name: "cover", label: "Sampul", type: "file" },
] as readonly FieldDefinition[];

/** The rules the save applies, as a screen's form schema holds them: text trimmed, an ISBN in one writing. */
const RULES = { name: requiredText()("Nama"), isbn: optionalIsbnIssn()(), address: optionalText(1000)("Alamat") };

const SHOWN: FormValues = { name: "Gramedia", isbn: "978-602-03-3187-4", address: "Jl. Palmerah Barat 29\nJakarta", about: "<p>Penerbit</p>", genres: ["1", "2"] };

/** The form as the browser sends it after the admin changed `changes`. */
function sent(changes: Partial<Record<string, string | string[]>> = {}): Array<[string, string]> {
  const values: Record<string, string | string[]> = { ...SHOWN, ...changes } as Record<string, string | string[]>;
  const entries: Array<[string, string]> = [
    ["intent", "update"],
    ["id", "7"],
  ];
  for (const [name, value] of Object.entries(values)) for (const item of Array.isArray(value) ? value : [value]) entries.push([name, item]);
  return entries;
}

function merge(entries: Array<[string, string]>, current: FormValues, leftAsStored: string[] = []) {
  const shown = readShown(FIELDS, shownDigest(FIELDS, SHOWN))!;
  return mergeWithCurrent({ fields: FIELDS, entries, shown, current, leftAsStored: new Set(leftAsStored), rules: RULES, display: (field, value) => displayedValue(field, value, undefined) });
}

const valuesOf = (entries: Array<[string, string]>, name: string) => entries.filter(([field]) => field === name).map(([, value]) => value);

describe("mergeWithCurrent", () => {
  it("gives a field the admin left alone the upstream's current value, and keeps the admin's own change", () => {
    const current = { ...SHOWN, address: "Jl. Baru 1", genres: ["1", "2", "3"] };
    const { entries, conflicts } = merge(sent({ name: "Gramedia Pustaka" }), current);
    expect(conflicts).toEqual([]);
    expect(valuesOf(entries, "name")).toEqual(["Gramedia Pustaka"]);
    expect(valuesOf(entries, "address")).toEqual(["Jl. Baru 1"]);
    expect(valuesOf(entries, "genres")).toEqual(["1", "2", "3"]);
    expect(valuesOf(entries, "id")).toEqual(["7"]);
  });

  it("names a field changed on both sides to different values, each value as the admin reads it", () => {
    const current = { ...SHOWN, about: "<p>Penerbit <strong>besar</strong></p>" };
    const { conflicts } = merge(sent({ about: "<p>Penerbit buku</p>" }), current);
    expect(conflicts).toEqual([{ name: "about", label: "Tentang", mine: "Penerbit buku", theirs: "Penerbit besar" }]);
  });

  it("sees no conflict where both sides made the same change, lists in any order, or line breaks written either way", () => {
    const current = { ...SHOWN, name: "Gramedia Pustaka", genres: ["2", "1", "4"], address: "Jl. Palmerah Barat 29\r\nJakarta" };
    const { conflicts } = merge(sent({ name: "Gramedia Pustaka", genres: ["4", "1", "2"], address: "Jl. Palmerah Barat 29\r\nJakarta" }), current);
    expect(conflicts).toEqual([]);
  });

  it("compares values as the save stores them: a space typed around the shown value is no change, an ISBN written another way no conflict", () => {
    // Another admin renamed the publisher and wrote the ISBN compact; this one only added spaces
    // around the name (a paste) and typed the same ISBN as a scanner gives it.
    const current = { ...SHOWN, name: "Gramedia Pustaka Utama", isbn: "9786020331874" };
    const { entries, conflicts } = merge(sent({ name: " Gramedia ", isbn: "978 602 03 3187 4" }), current);
    expect(conflicts).toEqual([]);
    expect(valuesOf(entries, "name")).toEqual(["Gramedia Pustaka Utama"]);
    // Both changed, to the same number: no question for the admin.
    expect(valuesOf(entries, "isbn")).toEqual(["978 602 03 3187 4"]);
    // A real difference is still one: the other admin's name against this one's, as it would be saved.
    const both = merge(sent({ name: "Gramedia Asri ", isbn: "979-3062-79-7" }), current).conflicts;
    expect(both).toEqual([
      { name: "name", label: "Nama", mine: "Gramedia Asri", theirs: "Gramedia Pustaka Utama" },
      { name: "isbn", label: "ISBN", mine: "9793062797", theirs: "9786020331874" },
    ]);
  });

  it("follows the admin's choice for a field changed on both sides, and drops the choice from what is sent on", () => {
    const current = { ...SHOWN, name: "Gramedia Grup", address: "Jl. Baru 1" };
    const mine = merge([...sent({ name: "Gramedia Pustaka", address: "Jl. Lama 2" }), [`${CHOICE_FIELD_PREFIX}name`, "mine"], [`${CHOICE_FIELD_PREFIX}address`, "theirs"]], current);
    expect(mine.conflicts).toEqual([]);
    expect(valuesOf(mine.entries, "name")).toEqual(["Gramedia Pustaka"]);
    expect(valuesOf(mine.entries, "address")).toEqual(["Jl. Baru 1"]);
    expect(mine.entries.some(([name]) => name.startsWith(CHOICE_FIELD_PREFIX))).toBe(false);
  });

  it("leaves alone a field the form did not send, and one the save keeps as stored", () => {
    const current = { ...SHOWN, name: "Gramedia Grup", genres: ["9"] };
    const entries = sent({ genres: ["5"] }).filter(([name]) => name !== "name");
    const { entries: merged, conflicts } = merge(entries, current, ["genres"]);
    expect(conflicts).toEqual([]);
    expect(valuesOf(merged, "name")).toEqual(["Gramedia Grup"]);
    // Kept as stored by the save itself (a relation the form could not show): not the merge's to change.
    expect(valuesOf(merged, "genres")).toEqual(["5"]);
  });

  it("an emptied list is the admin's change: unchecked pills send nothing", () => {
    const { entries, conflicts } = merge(sent().filter(([name]) => name !== "genres"), SHOWN);
    expect(conflicts).toEqual([]);
    expect(valuesOf(entries, "genres")).toEqual([]);
  });
});

describe("readShown", () => {
  it("reads the known fields' digests and nothing else", () => {
    const shown = JSON.parse(shownDigest(FIELDS, SHOWN)) as Record<string, string>;
    expect(Object.keys(shown)).toEqual(["name", "isbn", "address", "about", "genres"]);
    const read = readShown(FIELDS, JSON.stringify({ ...shown, cover: shown.name, extra: "x".repeat(16), about: "<script>" }));
    expect([...read!.keys()]).toEqual(["name", "isbn", "address", "genres"]);
  });

  it("takes no base from anything but a small JSON object", () => {
    for (const text of [undefined, "", "[]", "null", "{", '"a"', JSON.stringify({ name: "x".repeat(100_000) }), "x".repeat(10_000)]) {
      const read = readShown(FIELDS, text);
      expect(read === undefined || read.size === 0, String(text).slice(0, 20)).toBe(true);
    }
  });
});
