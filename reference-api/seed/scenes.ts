import { CLOTHES, HAIR, person, SKINS } from "./people.ts";
import { circle, ellipse, hsl, path, pick, png, random, rect, textLines, type Color } from "./svg.ts";

/**
 * The demo photos: library and archive scenes (bookshelves, the reading room, the archive store,
 * the mobile library, children reading, the digitisation desk), flat shapes drawn in a 1600 × 900
 * box and rendered at the size asked. Flat colours keep the PNGs small and the seed quick.
 */

export type SceneKind = "shelves" | "reading-room" | "archive" | "mobile-library" | "children" | "digitisation";

const W = 1600;
const H = 900;
const SPINES: Color[] = ["#8c2f39", "#2f5d8c", "#d9a441", "#3f7f5a", "#6b4f8a", "#c8553d", "#e8dcc0", "#28536b", "#a0522d", "#4a6c2f"];
const WOOD = "#8a5a35";
const WOOD_DARK = "#5e3b22";

/** A bookcase: frame, shelves, and spines of varied width, height and colour, now and then one leaning. */
function bookcase(x: number, y: number, width: number, height: number, rows: number, next: () => number): string {
  const shapes = [rect(x, y, width, height, WOOD), rect(x + 12, y + 12, width - 24, height - 24, WOOD_DARK)];
  const rowHeight = (height - 24) / rows;
  for (let row = 0; row < rows; row++) {
    const floor = y + 12 + (row + 1) * rowHeight;
    shapes.push(rect(x + 12, floor - 10, width - 24, 10, WOOD));
    for (let left = x + 18; left < x + width - 40; ) {
      const spine = 14 + next() * 18;
      const tall = rowHeight * (0.6 + next() * 0.28);
      if (next() < 0.05) {
        left += 22;
        continue;
      }
      shapes.push(rect(left, floor - 10 - tall, spine, tall, pick(SPINES, next())));
      shapes.push(rect(left + 3, floor - 10 - tall * 0.8, spine - 6, 4, "#f4efe2", 'fill-opacity="0.6"'));
      left += spine + 1;
    }
  }
  return shapes.join("");
}

const floor = (y: number, color: Color) => rect(0, y, W, H - y, color);

function plant(x: number, y: number): string {
  return [
    path(`M${x - 30} ${y} L${x + 30} ${y} L${x + 22} ${y + 70} L${x - 22} ${y + 70} Z`, "#b5653a"),
    ellipse(x - 26, y - 40, 34, 14, "#3f7f4a", `transform="rotate(-35 ${x - 26} ${y - 40})"`),
    ellipse(x + 26, y - 50, 36, 14, "#4d9457", `transform="rotate(30 ${x + 26} ${y - 50})"`),
    ellipse(x, y - 70, 14, 40, "#3a7444"),
  ].join("");
}

function shelves(next: () => number, hue: number): string {
  return [
    rect(0, 0, W, H, hsl(hue, 25, 88)),
    floor(760, "#b98b5e"),
    rect(0, 752, W, 12, "#7a5236"),
    bookcase(80, 120, 440, 640, 5, next),
    bookcase(580, 120, 440, 640, 5, next),
    bookcase(1080, 120, 440, 640, 5, next),
    rect(640, 40, 320, 56, "#1f4e5f"),
    textLines(["KOLEKSI UMUM"], 800, 80, 32, "#f7f1e3"),
    plant(1540, 700),
  ].join("");
}

function readingRoom(next: () => number, hue: number): string {
  const shapes = [rect(0, 0, W, H, hsl(hue, 30, 90)), floor(700, "#a9825c")];
  for (const x of [120, 660, 1200]) {
    shapes.push(rect(x, 80, 280, 380, "#ffffff"), rect(x + 14, 94, 252, 352, hsl(200, 60, 80)), rect(x + 136, 94, 8, 352, "#ffffff"), rect(x + 14, 260, 252, 8, "#ffffff"));
  }
  shapes.push(bookcase(430, 300, 200, 400, 3, next), bookcase(970, 300, 200, 400, 3, next));
  // The long table and its readers, seated behind it.
  const readers = [300, 560, 820, 1080, 1340];
  readers.forEach((x, i) => {
    shapes.push(
      person({ x, y: 600, scale: 1.1, skin: pick(SKINS, next()), clothes: pick(CLOTHES, next()), hair: pick(HAIR, next()), hijab: i % 2 === 1 ? pick(["#e9c46a", "#6d597a", "#2a9d8f", "#f4a261"], next()) : undefined, book: i % 2 === 0 ? pick(SPINES, next()) : undefined }),
    );
  });
  shapes.push(rect(160, 700, 1280, 26, WOOD), rect(180, 726, 24, 160, WOOD_DARK), rect(1396, 726, 24, 160, WOOD_DARK));
  for (const x of [430, 950]) shapes.push(rect(x, 640, 10, 60, "#3b3b3b"), path(`M${x - 40} 650 Q${x + 5} 600 ${x + 50} 650 Z`, "#2e6b4a"), ellipse(x + 5, 700, 40, 6, "#3b3b3b"));
  shapes.push(path("M660 700 L700 684 L740 700 Z", "#fbf8ef"), path("M1160 700 L1200 684 L1240 700 Z", "#fbf8ef"));
  return shapes.join("");
}

function archive(next: () => number, hue: number): string {
  const shapes = [rect(0, 0, W, H, hsl(hue, 12, 86)), floor(780, "#9aa0a6")];
  for (const x of [60, 560]) {
    shapes.push(rect(x, 90, 14, 690, "#6b7580"), rect(x + 446, 90, 14, 690, "#6b7580"));
    for (let level = 0; level < 5; level++) {
      const shelfY = 220 + level * 140;
      shapes.push(rect(x, shelfY, 460, 10, "#7d8790"));
      for (let box = 0; box < 5; box++) {
        const left = x + 24 + box * 84;
        const color = pick(["#c9a97a", "#b8935f", "#d8c29d"], next());
        shapes.push(rect(left, shelfY - 110, 76, 110, color), rect(left + 14, shelfY - 86, 48, 30, "#fbf8ef"), rect(left + 20, shelfY - 76, 36, 4, "#8a8f96"), rect(left + 20, shelfY - 66, 24, 4, "#8a8f96"));
      }
    }
  }
  // The filing cabinet: four drawers, each with a handle and a label holder.
  shapes.push(rect(1100, 300, 300, 480, "#5b6f7f"));
  for (let drawer = 0; drawer < 4; drawer++) {
    const top = 316 + drawer * 116;
    shapes.push(rect(1116, top, 268, 104, "#6f8595"), rect(1220, top + 58, 60, 12, "#d7dde2"), rect(1230, top + 20, 40, 24, "#fbf8ef"));
  }
  shapes.push(rect(1060, 150, 380, 60, "#1f4e5f"), textLines(["ARSIP STATIS"], 1250, 192, 34, "#f7f1e3"));
  return shapes.join("");
}

function mobileLibrary(next: () => number, hue: number): string {
  const shapes = [
    rect(0, 0, W, H, hsl(195 + (hue % 25), 65, 82)),
    circle(1380, 140, 70, "#ffd166"),
    path(`M0 560 Q400 420 800 540 T1600 500 L1600 900 L0 900 Z`, "#7fb069"),
    rect(0, 690, W, 210, "#6c6f73"),
    rect(0, 780, W, 10, "#f1f1f1", 'fill-opacity="0.7"'),
  ];
  for (const x of [120, 260, 1500]) shapes.push(rect(x - 10, 430, 20, 140, "#6b4226"), circle(x, 410, 70, "#3f7f4a"), circle(x + 40, 450, 50, "#4d9457"));
  // The van: cab, body with its side open on shelves of books, an awning, wheels.
  const left = 380;
  shapes.push(rect(left, 360, 760, 340, "#f5f5f0", 'rx="26"'), path(`M${left + 760} 440 L${left + 900} 440 Q${left + 960} 450 ${left + 980} 560 L${left + 980} 700 L${left + 740} 700 Z`, "#f5f5f0"));
  shapes.push(rect(left + 790, 460, 150, 110, hsl(200, 50, 70), 'rx="10"'), rect(left, 600, 980, 40, hsl(hue, 60, 40)));
  shapes.push(rect(left + 60, 400, 440, 190, WOOD_DARK), bookcase(left + 60, 400, 440, 190, 2, next));
  shapes.push(path(`M${left + 40} 360 L${left + 520} 360 L${left + 560} 300 L${left} 300 Z`, hsl(hue, 60, 45)));
  shapes.push(textLines(["PERPUSTAKAAN", "KELILING"], left + 640, 430, 30, hsl(hue, 60, 35)));
  for (const x of [left + 170, left + 820]) shapes.push(circle(x, 710, 62, "#222"), circle(x, 710, 28, "#bbb"));
  // Children come to borrow.
  shapes.push(person({ x: 240, y: 600, scale: 0.8, skin: SKINS[0], clothes: "#ffffff", hair: HAIR[0], legs: "#c0504d", book: "#2f5d8c" }));
  shapes.push(person({ x: 1460, y: 600, scale: 0.8, skin: SKINS[1], clothes: "#ffffff", hair: HAIR[1], hijab: "#ffffff", legs: "#c0504d", book: "#d9a441" }));
  shapes.push(person({ x: 1340, y: 630, scale: 0.7, skin: SKINS[2], clothes: "#ffffff", hair: HAIR[2], legs: "#2d3e50" }));
  return shapes.join("");
}

function children(next: () => number, hue: number): string {
  const shapes = [rect(0, 0, W, H, hsl(hue + 40, 55, 88)), floor(640, "#d9b88f")];
  for (let flag = 0; flag < 16; flag++) shapes.push(path(`M${flag * 100} 60 L${flag * 100 + 100} 60 L${flag * 100 + 50} 130 Z`, pick(["#e76f51", "#f4a261", "#2a9d8f", "#e9c46a", "#8ab17d"], flag / 16)));
  shapes.push(path("M0 60 L1600 60", "none", 'stroke="#6d597a" stroke-width="4"'));
  shapes.push(bookcase(60, 360, 360, 280, 2, next), bookcase(1180, 360, 360, 280, 2, next));
  shapes.push(ellipse(800, 780, 620, 110, hsl(hue, 55, 62)), ellipse(800, 780, 520, 84, hsl(hue + 30, 60, 70)));
  // The storyteller on a chair, the children around on the rug.
  shapes.push(rect(740, 520, 120, 20, WOOD), rect(748, 540, 12, 110, WOOD_DARK), rect(840, 540, 12, 110, WOOD_DARK));
  shapes.push(person({ x: 800, y: 400, scale: 1.2, skin: SKINS[2], clothes: "#2a9d8f", hair: HAIR[0], hijab: "#6d597a", book: "#e76f51" }));
  const seats = [380, 540, 1060, 1220, 650, 950];
  seats.forEach((x, i) =>
    shapes.push(person({ x, y: i < 4 ? 700 : 760, scale: 0.75, skin: pick(SKINS, next()), clothes: pick(CLOTHES, next()), hair: pick(HAIR, next()), hijab: i % 3 === 1 ? pick(["#ffffff", "#f4a261", "#8ab17d"], next()) : undefined, book: i % 2 === 0 ? pick(SPINES, next()) : undefined })),
  );
  return shapes.join("");
}

function digitisation(next: () => number, hue: number): string {
  const shapes = [rect(0, 0, W, H, hsl(hue + 200, 18, 84)), floor(740, "#8d8f93")];
  shapes.push(bookcase(1220, 160, 320, 580, 4, next));
  // The desk, the overhead scanner over an open volume, the screen showing the page.
  shapes.push(rect(120, 560, 1040, 30, "#d9d4c7"), rect(150, 590, 24, 150, "#6b6f73"), rect(1106, 590, 24, 150, "#6b6f73"));
  shapes.push(rect(300, 250, 16, 310, "#3b3f44"), rect(300, 250, 230, 16, "#3b3f44"), rect(480, 266, 70, 44, "#23272b"), path("M490 310 L420 540 L640 540 L540 310 Z", "#fff7c2", 'fill-opacity="0.5"'));
  shapes.push(path("M380 548 L500 530 L620 548 L620 560 L380 560 Z", "#fbf8ef"), rect(498, 530, 4, 30, "#c9c2b0"));
  shapes.push(rect(740, 300, 300, 200, "#23272b", 'rx="8"'), rect(756, 316, 268, 168, "#f1ede2"), rect(880, 500, 20, 50, "#23272b"), rect(840, 548, 100, 10, "#23272b"));
  for (let line = 0; line < 7; line++) shapes.push(rect(780, 340 + line * 20, 80 + ((line * 37) % 50), 6, "#9a9486"), rect(910, 340 + line * 20, 90 - ((line * 23) % 40), 6, "#9a9486"));
  shapes.push(rect(160, 480, 110, 80, "#c9a97a"), rect(170, 440, 110, 40, "#b8935f"), rect(190, 454, 60, 14, "#fbf8ef"));
  shapes.push(person({ x: 1060, y: 440, scale: 1.1, skin: SKINS[3], clothes: "#ffffff", hair: HAIR[1], hijab: "#2d3e50" }));
  shapes.push(rect(980, 540, 160, 20, "#d9d4c7"), rect(80, 120, 360, 56, "#1f4e5f"), textLines(["ALIH MEDIA ARSIP"], 260, 160, 30, "#f7f1e3"));
  return shapes.join("");
}

const SCENES: Record<SceneKind, (next: () => number, hue: number) => string> = {
  shelves,
  "reading-room": readingRoom,
  archive,
  "mobile-library": mobileLibrary,
  children,
  digitisation,
};

/** A scene at `width` × `height` (16:9 shows it whole; other ratios crop its middle); `seed` varies books, people and colours. */
export function sceneImage(kind: SceneKind, seed: number, width: number, height: number): Promise<Buffer> {
  const next = random(seed);
  const hue = next() * 360;
  return png(SCENES[kind](next, hue), width, height, W, H);
}
