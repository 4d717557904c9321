import { expect, test } from "./fixtures.ts";
import { alertShown, seriousViolations } from "./helpers/index.ts";
import type { ShapedStack } from "./upstream-shapes.ts";

/**
 * A list's bulk delete in a real browser against the reference API, with JavaScript on and off
 * (app/components/admin/BulkActions.tsx): three tags chosen by their checkboxes, one question
 * naming the count, and one of them deleted through the API while the question is open, so that
 * the upstream no longer has it: it is reported, the other two are deleted.
 */

interface Tag {
  id: number;
  name: string;
}

async function tagsNamed(stack: ShapedStack, prefix: string): Promise<Tag[]> {
  const { data } = await stack.api<{ data: Tag[] }>("/tags");
  return data.filter((tag) => tag.name.startsWith(prefix));
}

test.describe("a selection over pages", () => {
  test("keeps what was chosen on one page when another is shown, sends it all, and empties once deleted", async ({ shaped }) => {
    const prefix = "Lintas Halaman";
    // 22 tags: 20 on the first page, 2 on the second, in name order.
    for (let n = 10; n < 32; n += 1) {
      await shaped.api("/tags", { method: "POST", body: JSON.stringify({ name: `${prefix} ${n}` }), headers: { "Content-Type": "application/json" } });
    }
    try {
      const admin = await shaped.open({ javaScript: true });
      const { page } = admin;
      await admin.open(`/admin/tag?q=${encodeURIComponent(prefix)}&sort=name`);
      const status = page.locator(".kit-bulk-count");
      for (const n of [10, 11]) await page.getByLabel(`Pilih ${prefix} ${n}`).check();
      await expect(status).toHaveText("2 data dipilih.");
      await page.getByRole("link", { name: "Berikutnya ›" }).click();
      await page.getByLabel(`Pilih ${prefix} 31`).check();
      await expect(status).toHaveText("3 data dipilih (2 di halaman lain).");
      await page.getByRole("button", { name: "Hapus terpilih" }).click();
      const question = page.getByRole("alertdialog", { name: "Apakah anda yakin ingin menghapus 3 data?" });
      await question.getByRole("button", { name: "Hapus" }).click();
      await alertShown(page, "Berhasil menghapus 3 data!");
      await expect(status).toHaveText("Belum ada data yang dipilih.");
      const left = (await tagsNamed(shaped, prefix)).map((tag) => tag.name);
      expect(left).toHaveLength(19);
      for (const n of [10, 11, 31]) expect(left).not.toContain(`${prefix} ${n}`);
    } finally {
      // The worker's stack is shared with the files after this one (the paging file counts the tags): the rest go.
      for (const tag of await tagsNamed(shaped, prefix)) await shaped.api(`/tags/${tag.id}`, { method: "DELETE" });
    }
  });
});

for (const { javaScript, label } of [
  { javaScript: true, label: "JavaScript on" },
  { javaScript: false, label: "JavaScript off" },
]) test.describe(`bulk delete with ${label}`, () => {
  test("deletes three chosen tags with one question; the one already gone is reported", async ({ shaped }) => {
    const prefix = `Massal ${javaScript ? "js" : "tanpa js"}`;
    for (const n of [1, 2, 3]) {
      await shaped.api("/tags", { method: "POST", body: JSON.stringify({ name: `${prefix} ${n}` }), headers: { "Content-Type": "application/json" } });
    }
    const created = await tagsNamed(shaped, prefix);
    expect(created).toHaveLength(3);

    const admin = await shaped.open({ javaScript });
    const { page } = admin;
    await admin.open(`/admin/tag?q=${encodeURIComponent(prefix)}`);
    const status = page.locator(".kit-bulk-count");
    if (javaScript) {
      await expect(status).toHaveText("Belum ada data yang dipilih.");
      await page.getByLabel("Pilih semua di halaman ini").check();
      await expect(status).toHaveText("3 data dipilih.");
      expect(await status.getAttribute("role")).toBe("status");
    } else {
      for (const tag of created) await page.getByLabel(`Pilih ${tag.name}`).check();
    }
    await page.getByRole("button", { name: "Hapus terpilih" }).click();

    const question = page.getByRole("alertdialog", { name: "Apakah anda yakin ingin menghapus 3 data?" });
    await question.waitFor();
    expect(await question.getByRole("link", { name: "Batal" }).count()).toBe(1);
    if (javaScript) expect(await seriousViolations(page)).toEqual([]);
    // Deleted elsewhere while the question is open.
    const [gone, ...kept] = created;
    await shaped.api(`/tags/${gone.id}`, { method: "DELETE" });
    await question.getByRole("button", { name: "Hapus" }).click();

    await alertShown(page, "2 data terhapus; 1 data sudah tidak ada (mungkin sudah dihapus di tempat lain).");
    const report = page.getByRole("region", { name: "Hasil hapus terpilih" });
    await report.waitFor();
    await expect(report.getByRole("listitem")).toHaveCount(1);
    await expect(report.getByRole("listitem")).toContainText("Data sudah tidak ada (mungkin sudah dihapus di tempat lain).");
    expect(await tagsNamed(shaped, prefix)).toEqual([]);
    for (const tag of kept) await expect(page.getByLabel(`Pilih ${tag.name}`)).toHaveCount(0);
    if (javaScript) expect(await seriousViolations(page)).toEqual([]);
  });

  test("exports and deletes every tag matching the search, sent as the view", async ({ shaped }) => {
    const prefix = `Cocok ${javaScript ? "js" : "tanpa js"}`;
    for (const n of [1, 2]) {
      await shaped.api("/tags", { method: "POST", body: JSON.stringify({ name: `${prefix} ${n}` }), headers: { "Content-Type": "application/json" } });
    }
    const admin = await shaped.open({ javaScript });
    const { page } = admin;
    await admin.open(`/admin/tag?q=${encodeURIComponent(prefix)}`);
    await page.getByRole("link", { name: "Pilih semua 2 yang cocok" }).click();
    await expect(page.locator(".kit-bulk-count")).toHaveText("Semua 2 data yang cocok dipilih.");

    await page.locator(".kit-bulk-export > summary").click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "CSV (;)" }).click()]);
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
    expect(text.split("\r\n").filter((line) => line.includes(prefix))).toHaveLength(2);

    await page.getByRole("button", { name: "Hapus terpilih" }).click();
    const question = page.getByRole("alertdialog", { name: "Apakah anda yakin ingin menghapus 2 data?" });
    await question.getByRole("button", { name: "Hapus" }).click();
    await alertShown(page, "Berhasil menghapus 2 data!");
    expect(await tagsNamed(shaped, prefix)).toEqual([]);
  });
});
