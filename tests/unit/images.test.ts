import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, responsiveImage } from "~/lib/images";

const widthsOf = (srcSet: string) => srcSet.split(", ").map((candidate) => Number(candidate.split(" ")[1].replace("w", "")));

describe("responsiveImage", () => {
  it("offers every width when the layout width depends on the screen", () => {
    const image = responsiveImage("/files/a.png", "(max-width: 464px) 100vw, 400px");
    expect(widthsOf(image.srcSet)).toEqual([...IMAGE_WIDTHS]);
    expect(image.srcSet.split(", ")[0]).toBe("/files/a.png?w=160 160w");
  });

  it("offers a fixed-size image only up to the first width that covers a 3x screen", () => {
    expect(widthsOf(responsiveImage("/files/a.png", "96px").srcSet)).toEqual([160, 320]);
    expect(widthsOf(responsiveImage("/files/a.png", "400px").srcSet)).toEqual([160, 320, 480, 640, 960, 1280]);
    expect(widthsOf(responsiveImage("/files/a.png", "40px").srcSet)).toEqual([160]);
    expect(widthsOf(responsiveImage("/files/a.png", "1000px").srcSet)).toEqual([...IMAGE_WIDTHS]);
  });
});
