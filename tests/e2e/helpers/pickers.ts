import type { Locator } from "playwright-core";

/**
 * Choosing in the book form's pickers (app/components/admin/RelationPicker.tsx) as an admin
 * would. With JavaScript: type into the combobox and click the option that the server's search
 * answered. Without it: choose in the native select or check the pill when it is offered, and
 * otherwise search first with the picker's "Cari" button, which sends the form back.
 */

export interface PickOptions {
  javaScript: boolean;
  /** What to type (JavaScript) or search for (without it) when the option is not offered; the option's own label by default. */
  typed?: string;
}

export async function pick(dialog: Locator, label: string, option: string, { javaScript, typed = option }: PickOptions): Promise<void> {
  if (javaScript) {
    await dialog.getByRole("combobox", { name: label, exact: true }).fill(typed);
    await dialog.getByRole("option", { name: optionName(option) }).click();
    return;
  }
  const pills = dialog.getByRole("group", { name: label, exact: true });
  const multiple = (await pills.count()) > 0;
  // A select's option may say what tells it from a look-alike after its label: "Nama (3 buku · …)".
  const selectOption = () => dialog.getByRole("combobox", { name: label, exact: true }).locator("option").filter({ hasText: new RegExp(`^${escapeRegExp(option)}( \\(.*\\))?$`) });
  // A checkbox is named by its option's label and detail, as the list's option is.
  const offered = multiple ? pills.getByLabel(optionName(option)) : selectOption();
  if ((await offered.count()) === 0) await searchWithoutJavaScript(dialog, label, typed);
  if (multiple) await dialog.getByRole("group", { name: label, exact: true }).getByLabel(optionName(option)).check();
  else await dialog.getByRole("combobox", { name: label, exact: true }).selectOption((await selectOption().first().getAttribute("value")) ?? "");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A picker option's accessible name: its label, then what tells it from a look-alike when the
 * list says it ("Fitri Sutrisno — 12 buku · Guru …"), never a longer label ("Fitri Sutrisno, M.Hum.").
 */
export function optionName(label: string): RegExp {
  return new RegExp(`^${escapeRegExp(label)}( — .*)?$`);
}

/** Without JavaScript: the picker's search box and "Cari", and the page that comes back. */
export async function searchWithoutJavaScript(dialog: Locator, label: string, text: string): Promise<void> {
  const noun = label.toLocaleLowerCase("id-ID");
  await dialog.getByRole("searchbox", { name: `Cari ${noun}` }).fill(text);
  await Promise.all([dialog.page().waitForLoadState("load"), dialog.getByRole("button", { name: `Cari ${noun}` }).click()]);
  await dialog.getByRole("searchbox", { name: `Cari ${noun}` }).waitFor();
}

/** With JavaScript: removes a chosen pill. */
export async function unpick(dialog: Locator, option: string): Promise<void> {
  await dialog.getByRole("button", { name: `Hapus ${option}`, exact: true }).click();
}

/** With JavaScript: the labels of a pills picker's chosen options, in order. */
export async function pickedPills(dialog: Locator, label: string): Promise<string[]> {
  const chips = dialog.getByRole("list", { name: `${label} terpilih` }).getByRole("listitem");
  return (await chips.evaluateAll((items) => items.map((item) => item.firstChild?.textContent ?? ""))).map((text) => text.trim());
}
