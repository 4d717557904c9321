import { expect, test } from "./fixtures.ts";
import { alertShown, markWindow } from "./helpers/index.ts";
import { SHAPES, type ShapedStack } from "./upstream-shapes.ts";

/**
 * The library screen's status switch in a real browser (spec §4: full record sent, row updated
 * in place), with the upstream in its full shape and in the spec shape (tests/e2e/upstream-shapes.ts).
 */

interface Library {
  id: number;
  name: string;
  active: boolean;
}

/** The libraries a stack's reference API stored (read in the full shape). */
async function librariesOf(stack: ShapedStack): Promise<Library[]> {
  return (await stack.api<{ data: Library[] }>("/bibliographies/admin/library")).data;
}

for (const shape of SHAPES) test.describe(`library switch, upstream in the ${shape} shape`, () => {
  test.use({ shape });
  // Without JavaScript the switch is a plain form whose whole-record PUT, in either shape, is
  // the action's (tests/integration/upstream-contract.property.test.ts): tried on the full shape.
  for (const { javaScript, label } of [
    { javaScript: true, label: "JavaScript on" },
    ...(shape === "full" ? [{ javaScript: false, label: "JavaScript off" }] : []),
  ]) test(`switches a library off and on again (${label})`, async ({ shaped: stack }) => {
    const libraries = () => librariesOf(stack);
    // The second library has an even id, which the spec shape sends as a string.
    const library = (await libraries())[1];
    const admin = await stack.open({ javaScript });
    const { page } = admin;
    await admin.open("/admin/library");
    const pageLoad = javaScript ? await markWindow(page) : undefined;
    const listReloads: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      // The layouts above may revalidate; the list's own loader must not run again.
      if (request.method() === "GET" && url.pathname.startsWith("/admin/library") && !url.searchParams.get("_routes")?.split(",").every((id) => id === "root" || id === "routes/admin")) {
        listReloads.push(request.url());
      }
    });

    // Its name stays "Aktif <library>" whatever its state; what it shows is the state (issue 47 point 5).
    const toggle = page.getByRole("switch", { name: `Aktif ${library.name}` });
    const shows = (on: boolean) => (on ? "Aktif" : "Nonaktif");
    expect(await toggle.getAttribute("aria-checked")).toBe(String(library.active));
    expect((await toggle.locator(".kit-switch-label").innerText()).trim()).toBe(shows(library.active));
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe(String(!library.active));
    await expect.poll(async () => (await libraries()).find((candidate) => candidate.id === library.id)?.active).toBe(!library.active);
    expect((await toggle.locator(".kit-switch-label").innerText()).trim()).toBe(shows(!library.active));
    // A switch that worked says so, as a save does.
    await alertShown(page, "Berhasil mengubah data!");
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe(String(library.active));
    await expect.poll(async () => (await libraries()).find((candidate) => candidate.id === library.id)?.active).toBe(library.active);
    // The whole record went back as it was, not only the switch.
    expect((await libraries()).find((candidate) => candidate.id === library.id)).toEqual(library);

    if (pageLoad) {
      // In place: no page load and no reload of the list.
      expect(await pageLoad.survived()).toBe(true);
      expect(listReloads).toEqual([]);
    }
  });
});

test("deleting a library asks the library screen's question first", async ({ shaped: fullStack }) => {
  const libraries = () => librariesOf(fullStack);
  const admin = await fullStack.open({ javaScript: true });
  const { page } = admin;
  await admin.open("/admin/library");
  const [library] = await libraries();
  await page.getByRole("link", { name: `HAPUS ${library.name}` }).click();
  const question = page.getByRole("alertdialog", { name: "Apakah Anda yakin ingin menghapus perpustakaan ini?" });
  await question.getByRole("link", { name: "Batal" }).click();
  await question.waitFor({ state: "detached" });
  expect((await libraries()).some((candidate) => candidate.id === library.id)).toBe(true);
});
