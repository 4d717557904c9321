import { expect, test } from "./fixtures.ts";
import { dismissedDialogs } from "./helpers/index.ts";
import { PLAIN_PAYLOADS, RICH_PAYLOADS } from "./xss-corpus.ts";

/**
 * The cover a book without one shows (/cover-placeholder.svg): opened as a document in Chromium,
 * a title and an author made of a well-known XSS payload stay text in the picture, and nothing
 * runs. Which of the two lines each is drawn on is the unit test's (tests/unit/placeholder-cover.test.ts).
 */

test("shows a hostile title and a hostile author as text in the picture, running nothing, and draws it as an image", async ({ contexts, mainStack }) => {
  const page = await contexts.visit(`${mainStack.bffUrl}/`);
  const { messages: dialogs } = dismissedDialogs(page);
  // Each rich payload as the title and the author at once, each plain one as the author beside a plain title.
  const payloads = [...RICH_PAYLOADS, ...PLAIN_PAYLOADS].map((make, i) => make(i + 1));
  for (const [index, payload] of payloads.entries()) {
    const judul = index < RICH_PAYLOADS.length ? payload : `Judul ${PLAIN_PAYLOADS[index % PLAIN_PAYLOADS.length](500 + index)}`;
    const response = await page.goto(`${mainStack.bffUrl}/cover-placeholder.svg?judul=${encodeURIComponent(judul)}&pengarang=${encodeURIComponent(payload)}&v=1`);
    expect(response?.status(), `payload ${index + 1}`).toBe(200);
    expect(response?.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    // Only the picture's own elements, no handler: the title and the author's name are text in it.
    const drawn = await page.evaluate(() => ({
      title: document.querySelector("title")?.textContent,
      elements: [...document.querySelectorAll("*")].map((element) => element.localName).filter((name) => !["svg", "title", "rect", "path", "line", "circle", "text", "tspan", "g", "defs", "linearGradient", "stop", "style"].includes(name)),
      handlers: [...document.querySelectorAll("*")].flatMap((element) => [...element.attributes].filter((attribute) => attribute.name.startsWith("on")).map((attribute) => attribute.name)),
      text: [...document.querySelectorAll("text")].map((element) => element.textContent).join(" "),
      xss: (window as unknown as { __xss?: unknown }).__xss,
    }));
    expect(drawn.title, `payload ${index + 1}`).toBe(`Sampul ${judul.trim()}`);
    expect(drawn.elements, `payload ${index + 1}`).toEqual([]);
    expect(drawn.handlers, `payload ${index + 1}`).toEqual([]);
    expect(drawn.xss, `payload ${index + 1}`).toBeUndefined();
    // Long words are cut across lines and a long text ends in "…": the payload's first word is drawn whole, as text.
    expect(drawn.text.replace(/\s+/g, ""), `payload ${index + 1}`).toContain(payload.trim().split(/\s+/)[0].slice(0, 8));
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
