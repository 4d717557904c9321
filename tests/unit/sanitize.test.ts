import { describe, expect, it } from "vitest";
import { richTextToPlain, sanitizeRichText } from "~/bff/sanitize.server";

describe("rich text, sanitised once per text", () => {
  const unsafe = '<p onclick="steal()">Halo <strong>warga</strong><script>alert(1)</script></p><p>Baris kedua</p>';

  it("gives the same safe answer for a text seen before as the first time", () => {
    const first = sanitizeRichText(unsafe);
    expect(first).toBe("<p>Halo <strong>warga</strong></p><p>Baris kedua</p>");
    expect(sanitizeRichText(unsafe)).toBe(first);
    expect(richTextToPlain(unsafe)).toBe("Halo warga Baris kedua");
    expect(richTextToPlain(unsafe)).toBe("Halo warga Baris kedua");
  });

  it("stays right once older texts were dropped to keep within its size, and for texts too long to keep", () => {
    const many = Array.from({ length: 3_000 }, (_, i) => `<p>Kegiatan ${i} ${"x".repeat(900)}</p><img src=x onerror="alert(${i})">`);
    for (const text of many) sanitizeRichText(text);
    expect(sanitizeRichText(many[0])).toBe(`<p>Kegiatan 0 ${"x".repeat(900)}</p><img src="x" />`);
    expect(sanitizeRichText(many[2_999])).toBe(`<p>Kegiatan 2999 ${"x".repeat(900)}</p><img src="x" />`);
    const long = `<p>${"y".repeat(30_000)}</p><script>alert(2)</script>`;
    expect(sanitizeRichText(long)).toBe(`<p>${"y".repeat(30_000)}</p>`);
    expect(richTextToPlain(long)).toBe("y".repeat(30_000));
  });
});
