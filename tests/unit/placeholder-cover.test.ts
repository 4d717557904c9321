import { Parser } from "htmlparser2";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { placeholderCoverSvg, placeholderCoverUrl, wrapWords } from "~/lib/placeholder-cover";
import { loader } from "~/routes/cover-placeholder[.]svg";
import { RICH_PAYLOADS } from "../e2e/xss-corpus.ts";

/** What the SVG holds as an XML reader sees it: its elements, their attributes, and the text of its lines. */
function readSvg(svg: string): { elements: string[]; attributes: string[]; lines: string[]; title: string } {
  const read = { elements: [] as string[], attributes: [] as string[], lines: [] as string[], title: "" };
  let inside = "";
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        read.elements.push(name);
        read.attributes.push(...Object.keys(attributes));
        inside = name;
        if (name === "tspan") read.lines.push("");
      },
      ontext(text) {
        if (inside === "tspan") read.lines[read.lines.length - 1] += text;
        if (inside === "title") read.title += text;
      },
      onclosetag() {
        inside = "";
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(svg);
  return read;
}

const loadCover = (url: string) => loader({ request: new Request(`http://localhost${url}`), params: {}, context: { clientIp: "127.0.0.1" } });

describe("the placeholder cover", () => {
  it("sets the title and the author as text, wrapped, and picks the same design for the same book", () => {
    const svg = placeholderCoverSvg("Sejarah Kabupaten Lembah Asri dari Masa ke Masa", "Ahmad Fauzi Rahman");
    const { lines, title } = readSvg(svg);
    expect(title).toBe("Sampul Sejarah Kabupaten Lembah Asri dari Masa ke Masa");
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(" ")).toBe("Sejarah Kabupaten Lembah Asri dari Masa ke Masa Ahmad Fauzi Rahman");
    expect(placeholderCoverSvg("Sejarah Kabupaten Lembah Asri dari Masa ke Masa", "Ahmad Fauzi Rahman")).toBe(svg);
    expect(new Set(["A", "B", "C", "D", "E", "F"].map((title) => placeholderCoverSvg(`Buku ${title}`, "").replace(/<title>.*?<\/title>|<text.*<\/text>/g, ""))).size).toBeGreaterThan(2);
  });

  it("cuts a word longer than a line across lines", () => {
    expect(wrapWords("Ensiklopedia Mini", 8)).toEqual(["Ensiklop", "edia", "Mini"]);
  });

  it.each(RICH_PAYLOADS.map((payload, index) => [index + 1, payload(index + 1)]))("keeps payload %i as text, in a picture sharp can read", async (_, payload) => {
    const svg = placeholderCoverSvg(payload, `${payload}\u0000\u0007`);
    const { elements, attributes, lines, title } = readSvg(svg);
    expect(new Set(elements)).toEqual(new Set(["svg", "title", "rect", "text", "tspan", ...elements.filter((name) => name === "circle" || name === "path")]));
    expect(attributes.filter((name) => /^on|href$/i.test(name))).toEqual([]);
    expect(title).toBe(`Sampul ${payload.trim().slice(0, 300)}`);
    expect(lines.join(" ").replace(/\s+/g, " ")).toContain(payload.trim().split(/\s+/)[0].slice(0, 6));
    expect((await sharp(Buffer.from(svg)).metadata()).format).toBe("svg");
  });

  it("is served as an SVG from the address the pages give, and refuses an over-long title with a 400", async () => {
    const answer = await loadCover(placeholderCoverUrl('Buku "Uji" <b>', "R & D"));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(answer.headers.get("content-security-policy")).toContain("sandbox");
    expect(readSvg(await answer.text()).title).toBe('Sampul Buku "Uji" <b>');
    const tooLong = await loadCover(`/cover-placeholder.svg?judul=${"a".repeat(301)}`);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toBe("Judul atau nama pengarang terlalu panjang.");
  });
});
