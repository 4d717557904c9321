import { isSubmissionId, SUBMISSION_FIELD } from "~/admin-kit/submissions";
import { expect, test } from "./fixtures.ts";
import { alertShown, dialogNamed } from "./helpers/index.ts";
import type { ShapedStack } from "./upstream-shapes.ts";

/**
 * A form saved once (app/admin-kit/submissions.ts), in Chromium on the banner screen (no check for
 * likely duplicates there: a second banner of the same title is a second record): the add form
 * carries a one-time id, and the same form sent again adds nothing more. Without JavaScript, two
 * presses of "Simpan" reach the site as two POSTs of the form the server drew (sent here at once
 * by the context's own requests, with its session: a browser's second press lands before the
 * first's answer only on a slow link), then the browser itself sends it a third time. With
 * JavaScript, each opening of the form makes an id of its own. The server's side in detail:
 * tests/integration/admin-submit-once.test.ts.
 */

interface Banner {
  id: number;
  title: string;
}

async function bannersTitled(stack: ShapedStack, title: string): Promise<Banner[]> {
  return (await stack.api<{ data: Banner[] }>("/banners?limit=0")).data.filter((banner) => banner.title === title);
}

const ADDED = "Berhasil menambahkan banner";

test("without JavaScript, an add form sent three times adds one banner, each answer the list with its notice", async ({ admins, shaped: stack }) => {
  const admin = await admins.open({ javaScript: false });
  const { page } = admin;
  await admin.open("/admin/banner?modal=add");
  const dialog = dialogNamed(page, "TAMBAH BANNER");
  const title = "Sekali simpan tanpa js";
  await dialog.getByLabel("Judul").fill(title);
  const submission = await dialog.locator(`input[name="${SUBMISSION_FIELD}"]`).getAttribute("value");
  expect(isSubmissionId(submission)).toBe(true);

  const press = () =>
    page.request.post(`${stack.bffUrl}/admin/banner?modal=add`, {
      multipart: { intent: "create", [SUBMISSION_FIELD]: submission ?? "", title, description: "", url: "" },
      headers: { Origin: stack.bffUrl },
      maxRedirects: 0,
    });
  const answers = await Promise.all([press(), press()]);
  expect(answers.map((answer) => [answer.status(), answer.headers().location])).toEqual([
    [302, "/admin/banner"],
    [302, "/admin/banner"],
  ]);
  await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
  await alertShown(page, ADDED);
  const added = await bannersTitled(stack, title);
  expect(added).toHaveLength(1);
  await stack.api(`/banners/${added[0].id}`, { method: "DELETE" });
});

test("with JavaScript, each opening of the add form has an id of its own", async ({ admins, shaped: stack }) => {
  const admin = await admins.open({ javaScript: true });
  const { page } = admin;
  await admin.open("/admin/banner?modal=add");
  const dialog = dialogNamed(page, "TAMBAH BANNER");
  const idOf = () => dialog.locator(`input[name="${SUBMISSION_FIELD}"]`).getAttribute("value");
  const drawn = await idOf();
  await dialog.getByRole("link", { name: "Tutup" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.getByRole("link", { name: "Tambah", exact: true }).click();
  const opened = await idOf();
  expect([isSubmissionId(drawn), isSubmissionId(opened), opened === drawn]).toEqual([true, true, false]);

  const title = "Sekali simpan dengan js";
  await dialog.getByLabel("Judul").fill(title);
  await dialog.getByRole("button", { name: "SIMPAN", exact: true }).click();
  await alertShown(page, ADDED);
  const added = await bannersTitled(stack, title);
  expect(added).toHaveLength(1);
  await stack.api(`/banners/${added[0].id}`, { method: "DELETE" });
});
