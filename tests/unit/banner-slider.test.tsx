import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BannerSlider, type Slide } from "~/components/public/BannerSlider";

/** The home page's banner slider as the server renders it: its controls must fit a 320 px phone however many banners the agency keeps. */

const slides = (count: number): Slide[] => Array.from({ length: count }, (_, index) => ({ id: String(index + 1), title: `Banner ${index + 1}`, description: "", url: null, image: null }));
const dots = (html: string) => html.match(/data-slide-to=/g)?.length ?? 0;
const arrows = (html: string) => html.match(/data-slide-step=/g)?.length ?? 0;

describe("the banner slider's controls", () => {
  it("give a dot to each of up to six banners; past six, the arrows alone (200 dots made the page 3,438 px wide)", () => {
    expect(dots(renderToString(<BannerSlider slides={slides(6)} />))).toBe(6);
    for (const count of [7, 200]) {
      const html = renderToString(<BannerSlider slides={slides(count)} />);
      expect(dots(html), `${count} banners`).toBe(0);
      expect(arrows(html), `${count} banners`).toBe(2);
    }
    expect(arrows(renderToString(<BannerSlider slides={slides(1)} />))).toBe(0);
  });
});
