import { describe, expect, it } from "vitest";
import { telephoneHref } from "~/lib/format";
import { pageTitle } from "~/lib/title";

describe("the footer's telephone link", () => {
  it("dials the number written, an extension apart, the first of several", () => {
    expect(telephoneHref("(0267) 123456")).toBe("tel:0267123456");
    expect(telephoneHref("(0267) 123-456 ext. 7")).toBe("tel:0267123456;ext=7");
    expect(telephoneHref("(0267) 123456 pes. 102")).toBe("tel:0267123456;ext=102");
    expect(telephoneHref("0267-123456 x12")).toBe("tel:0267123456;ext=12");
    expect(telephoneHref("+62 267 123456")).toBe("tel:+62267123456");
    expect(telephoneHref("(0267) 123456 / 123457")).toBe("tel:0267123456");
    expect(telephoneHref("0811-2233-4455 atau 0267-123456")).toBe("tel:081122334455");
  });
});

describe("a page's title", () => {
  it("is the prefix alone for a name of blanks (spec §1)", () => {
    expect(pageTitle("Dinas", "   ")).toBe("Dinas");
    expect(pageTitle("Dinas", " Sejarah ")).toBe("Dinas |  Sejarah ");
  });
});
