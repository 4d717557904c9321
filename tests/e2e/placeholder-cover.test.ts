import { expect, test } from "./fixtures.ts";
import { RICH_PAYLOADS } from "./xss-corpus.ts";

/**
 * The cover a book without one shows (/cover-placeholder.svg): opened as a document in Chromium,
 * a title made of a well-known XSS payload stays text in the picture, and nothing runs.
 */

test("shows a hostile title as text, running nothing, and draws it as an image", async ({ contexts, mainStack }) => {
  const page = await contexts.visit(`${mainStack.bffUrl}/`);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const [index, payload] of RICH_PAYLOADS.map((make, i) => [i, make(i + 1)] as const)) {
    const response = await page.goto(`${mainStack.bffUrl}/cover-placeholder.svg?judul=${encodeURIComponent(payload)}&pengarang=Uji&v=1`);
    expect(response?.status(), `payload ${index + 1}`).toBe(200);
    expect(response?.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(await page.locator("title").textContent(), `payload ${index + 1}`).toBe(`Sampul ${payload.trim()}`);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  }
  expect(dialogs).toEqual([]);

  // As the pages use it: an <img> that loads at the catalogue card's size.
  await page.goto(`${mainStack.bffUrl}/`);
  const drawn = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  }, `/cover-placeholder.svg?judul=${encodeURIComponent("Dongeng Si Kancil")}&pengarang=Rina&v=1`);
  expect(drawn).toEqual({ width: 400, height: 600 });
});
