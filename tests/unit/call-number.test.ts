import { describe, expect, it } from "vitest";
import { callNumber } from "~/public/catalogue.server";

describe("a call number (nomor panggil)", () => {
  it("takes the author's entry element as Indonesian cataloguing files a person: the last part of the name, titles and degrees aside", () => {
    for (const author of ["Rina Wulandari", "Wulandari, Rina", "Dr. Rina Wulandari, M.Hum.", "Prof. Dr. Hj. Rina Wulandari", "RINA WULANDARI, S.Pd"]) {
      expect(callNumber("398.2", author, "Dongeng Nusantara"), author).toBe("398.2 WUL d");
    }
    expect(callNumber("866", "Dr. Endang Nining Mahendra", "Hikayat")).toBe("866 MAH h");
    expect(callNumber("899.221", "Tere Liye", "Hujan")).toBe("899.221 LIY h");
    // One word, accents, and an author with no name at all.
    expect(callNumber("297", "Hamka", "Tafsir")).toBe("297 HAM t");
    expect(callNumber("800", "Çelik Éntar", "Ödül")).toBe("800 ENT o");
    expect(callNumber("800", "", "Antologi")).toBe("800 a");
    expect(callNumber(" ", "Rina Wulandari", "Dongeng")).toBe("");
  });
});
