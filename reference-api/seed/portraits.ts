import { circle, ellipse, path, png, rect, type Color } from "./svg.ts";

/**
 * Head-and-shoulders portraits for the officers and the authors: five different people (face,
 * skin, hair, hijab or peci, glasses, clothes, background), drawn in a 400 × 400 box and
 * rendered at the size asked.
 */

interface Look {
  background: Color;
  /** A second background colour: blurred shelves behind the person, or a plain wall. */
  shelves?: Color[];
  skin: Color;
  hair: Color;
  style: "peci" | "hijab" | "side-part" | "long" | "short";
  /** The hijab's or the peci's colour. */
  cover?: Color;
  glasses?: boolean;
  moustache?: boolean;
  clothes: "suit" | "blazer" | "batik" | "uniform";
  clothesColor: Color;
}

export const LOOKS: Look[] = [
  { background: "#d9d2c3", shelves: ["#8c2f39", "#2f5d8c", "#d9a441", "#3f7f5a", "#6b4f8a"], skin: "#b98158", hair: "#9a948c", style: "peci", cover: "#1b1b1b", moustache: true, clothes: "suit", clothesColor: "#1f2a38" },
  { background: "#bfe0dc", skin: "#e0b18b", hair: "#2b1d16", style: "hijab", cover: "#8c2f4f", clothes: "blazer", clothesColor: "#26375a" },
  { background: "#cfe3f2", skin: "#c68e63", hair: "#161210", style: "side-part", glasses: true, clothes: "batik", clothesColor: "#7a4a23" },
  { background: "#efe0c8", shelves: ["#c8553d", "#28536b", "#e8dcc0", "#4a6c2f"], skin: "#d49f77", hair: "#1d1512", style: "long", clothes: "blazer", clothesColor: "#5f6670" },
  { background: "#d3e6c8", skin: "#8d5a3b", hair: "#121010", style: "short", clothes: "uniform", clothesColor: "#b59f73" },
];

function clothes(look: Look): string {
  const body = path("M40 400 Q50 300 130 285 L200 300 L270 285 Q350 300 360 400 Z", look.clothesColor);
  switch (look.clothes) {
    case "suit":
      return body + path("M165 292 L200 400 L235 292 L200 300 Z", "#f4f4f0") + path("M192 305 L208 305 L214 380 L200 396 L186 380 Z", "#8c2f39") + path("M130 285 L200 400 L150 400 Z", "#2a384a") + path("M270 285 L200 400 L250 400 Z", "#2a384a");
    case "blazer":
      return body + path("M160 292 L200 360 L240 292 Z", "#f1eee6") + path("M135 288 L195 400 L160 400 Z", "#00000022") + path("M265 288 L205 400 L240 400 Z", "#00000022");
    case "batik": {
      const dots: string[] = [];
      for (let x = 80; x < 300; x += 38) for (let y = 320; y < 400; y += 34) dots.push(circle(x + (y % 68 ? 19 : 0), y, 9, "#e3b04b", 'fill-opacity="0.85"'), circle(x + (y % 68 ? 19 : 0), y, 4, "#2e1a0e"));
      return body + dots.join("") + path("M170 292 L200 330 L230 292 Z", "#5c3519");
    }
    case "uniform":
      return body + path("M170 292 L200 340 L230 292 Z", "#9c875d") + rect(105, 330, 60, 40, "#a8916a") + rect(235, 330, 60, 40, "#a8916a") + rect(240, 318, 50, 10, "#1f2a38") + circle(200, 360, 4, "#6b5a3a") + circle(200, 390, 4, "#6b5a3a");
  }
}

function hairBehind(look: Look): string {
  if (look.style === "long") return path("M118 170 Q110 90 200 80 Q290 90 282 170 L292 320 L108 320 Z", look.hair);
  if (look.style === "hijab") return path("M110 190 Q108 75 200 70 Q292 75 290 190 Q300 300 330 330 L70 330 Q100 300 110 190 Z", look.cover ?? "#8c2f4f");
  return "";
}

function hairOnTop(look: Look): string {
  switch (look.style) {
    case "peci":
      return path("M132 150 Q128 112 135 96 L265 96 Q272 112 268 150 Z", look.cover ?? "#1b1b1b") + path("M126 160 Q130 190 138 200 L142 160 Z M274 160 Q270 190 262 200 L258 160 Z", look.hair);
    case "hijab":
      return path("M136 150 Q140 92 200 90 Q260 92 264 150 Q232 120 200 122 Q168 120 136 150 Z", look.cover ?? "#8c2f4f");
    case "side-part":
      return path("M130 175 Q120 95 200 90 Q282 92 272 175 Q262 130 230 120 Q180 136 140 130 Z", look.hair);
    case "long":
      return path("M128 180 Q126 98 200 94 Q276 98 272 180 Q250 120 200 118 Q170 140 128 180 Z", look.hair);
    case "short":
      return path("M132 165 Q128 100 200 92 Q272 100 268 165 Q250 128 200 124 Q150 128 132 165 Z", look.hair) + path("M170 96 Q200 80 236 98 Q205 92 170 96 Z", look.hair);
  }
}

function face(look: Look): string {
  const hijab = look.style === "hijab";
  // Under a hijab neither the neck nor the ears show.
  const shapes = [
    hijab ? "" : rect(178, 240, 44, 60, look.skin) + ellipse(132, 190, 14, 22, look.skin) + ellipse(268, 190, 14, 22, look.skin),
    ellipse(200, 185, 70, 88, look.skin),
    // Brows, eyes, nose, mouth.
    path("M158 162 Q172 154 186 162", "none", `stroke="${look.style === "peci" ? "#6b655e" : "#2b1d16"}" stroke-width="5" stroke-linecap="round"`),
    path("M214 162 Q228 154 242 162", "none", `stroke="${look.style === "peci" ? "#6b655e" : "#2b1d16"}" stroke-width="5" stroke-linecap="round"`),
    ellipse(172, 180, 7, 8, "#23180f"),
    ellipse(228, 180, 7, 8, "#23180f"),
    path("M200 186 Q194 208 190 214 Q200 220 210 214", "none", 'stroke="#00000040" stroke-width="4" stroke-linecap="round"'),
    path("M176 236 Q200 252 224 236", "none", 'stroke="#8a3b32" stroke-width="5" stroke-linecap="round"'),
  ];
  if (look.moustache) shapes.push(path("M176 228 Q200 216 224 228 Q200 232 176 228 Z", "#6b655e"));
  if (look.glasses) shapes.push(`<g fill="none" stroke="#222" stroke-width="4"><rect x="148" y="164" width="46" height="34" rx="10"/><rect x="206" y="164" width="46" height="34" rx="10"/><path d="M194 178 L206 178"/></g>`);
  if (look.style === "long") shapes.push(circle(136, 214, 5, "#e3b04b"), circle(264, 214, 5, "#e3b04b"));
  if (hijab) shapes.push(path("M126 190 Q138 292 200 294 Q262 292 274 190 L304 336 L96 336 Z", look.cover ?? "#8c2f4f"));
  return shapes.join("");
}

function background(look: Look): string {
  const shapes = [rect(0, 0, 400, 400, look.background)];
  if (look.shelves) {
    for (let row = 0; row < 4; row++) {
      for (let book = 0; book < 14; book++) {
        const color = look.shelves[(row * 5 + book * 3) % look.shelves.length];
        shapes.push(rect(book * 30, 20 + row * 100, 24, 70 + ((book * 7 + row * 3) % 18), color, 'fill-opacity="0.35"'));
      }
      shapes.push(rect(0, 92 + row * 100, 400, 8, "#5e3b22", 'fill-opacity="0.3"'));
    }
  }
  return shapes.join("");
}

/** The portrait of `LOOKS[index % LOOKS.length]`, `size` pixels square. */
export function portraitImage(index: number, size = 320): Promise<Buffer> {
  const look = LOOKS[index % LOOKS.length];
  return png(background(look) + hairBehind(look) + clothes(look) + face(look) + hairOnTop(look), size, size, 400, 400);
}
