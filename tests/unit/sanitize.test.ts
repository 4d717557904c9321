import { describe, expect, it } from "vitest";
import { richTextToPlain, sanitizeRichText, shownPlainText, shownRichText, withoutRepeatedTitle } from "~/platform/sanitize.server";

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

describe("withoutRepeatedTitle", () => {
  it("drops a first heading that only repeats the page's title, '&' and 'dan' alike", () => {
    expect(withoutRepeatedTitle("<h2>Kebijakan Privasi</h2><p>Isi</p>", "Kebijakan Privasi")).toBe("<p>Isi</p>");
    expect(withoutRepeatedTitle("<h2>Syarat dan Ketentuan</h2><p>Isi</p>", "Syarat & Ketentuan")).toBe("<p>Isi</p>");
    expect(withoutRepeatedTitle("  <h3><strong>KEBIJAKAN PRIVASI</strong></h3><p>Isi</p>", "Kebijakan Privasi")).toBe("<p>Isi</p>");
  });

  it("keeps every other heading and text as it is", () => {
    expect(withoutRepeatedTitle("<h2>Data yang kami simpan</h2><p>Isi</p>", "Kebijakan Privasi")).toBe("<h2>Data yang kami simpan</h2><p>Isi</p>");
    expect(withoutRepeatedTitle("<p>Kebijakan Privasi</p><h2>Kebijakan Privasi</h2>", "Kebijakan Privasi")).toBe("<p>Kebijakan Privasi</p><h2>Kebijakan Privasi</h2>");
    expect(withoutRepeatedTitle("", "Kebijakan Privasi")).toBe("");
  });
});

describe("shownPlainText: a plain field another tool stored as HTML", () => {
  it("becomes its text; a field without markup stays exactly as stored", () => {
    expect(shownPlainText("Video &amp; <i>Miring</i>")).toBe("Video & Miring");
    expect(shownPlainText("Caf&eacute; &#x2019;90-an")).toBe("Café ’90-an");
    expect(shownPlainText("Sinopsis<br>baris dua<p>paragraf</p>")).toBe("Sinopsis baris dua paragraf");
    // Any other tag is text, as written: a book about HTML, or a hostile title (React escapes it).
    for (const plain of ["a < b & c", "R&D Perpustakaan", "x &foo bar", "  spasi  ganda  ", "<3 membaca", "Belajar <table> HTML", "Judul <script>alert(1)</script>"]) {
      expect(shownPlainText(plain)).toBe(plain);
    }
    expect(shownPlainText("Belajar <table> &amp; <i>CSS</i>")).toBe("Belajar <table> & CSS");
  });
});

describe("shownRichText: rich text as a public page shows it", () => {
  it("loads each picture as it nears the screen, one on this site's /files at the widths a screen needs; the stored text is untouched", () => {
    const stored = '<p>Foto:</p><p><img src="/files/foto-besar.jpg" alt="Gedung"></p><p><img src="https://contoh.go.id/peta.png"></p>';
    const shown = shownRichText(stored);
    expect(shown).toContain('<img src="/files/foto-besar.jpg" alt="Gedung" srcset="/files/foto-besar.jpg?w=160 160w, ');
    expect(shown).toContain('/files/foto-besar.jpg?w=1920 1920w" sizes="(max-width: 860px) 100vw, 820px" loading="lazy" decoding="async" />');
    expect(shown).toContain('<img src="https://contoh.go.id/peta.png" loading="lazy" decoding="async" />');
    expect(sanitizeRichText(stored)).not.toContain("loading");
    expect(shownRichText(null)).toBe("");
  });
});
