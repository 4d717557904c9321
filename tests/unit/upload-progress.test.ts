import { describe, expect, it } from "vitest";
import { uploadStatusText } from "~/components/admin/UploadProgress";

/** The words beside an upload's bar (issue 23.4): percent, MB of MB, and the time left once a rate means something. */

const MB = 1024 * 1024;

describe("an upload's progress in words", () => {
  it("says the percent and the megabytes at once, the time left after a second of sending", () => {
    expect(uploadStatusText({ sent: 0, total: 0, startedAt: 0 }, 0)).toBe("Mengunggah... 0%");
    expect(uploadStatusText({ sent: 240 * MB, total: 1000 * MB, startedAt: 0 }, 500)).toBe("Mengunggah... 24% · 240 dari 1.000 MB");
    // 240 MB in 60 s: 760 MB more take 190 s, about 3 minutes.
    expect(uploadStatusText({ sent: 240 * MB, total: 1000 * MB, startedAt: 0 }, 60_000)).toBe("Mengunggah... 24% · 240 dari 1.000 MB · sisa sekitar 3 menit");
    expect(uploadStatusText({ sent: 1.5 * MB, total: 3 * MB, startedAt: 0 }, 10_000)).toBe("Mengunggah... 50% · 1,5 dari 3 MB · sisa sekitar 10 detik");
    expect(uploadStatusText({ sent: 1 * MB, total: 200 * MB, startedAt: 0 }, 30_000)).toBe("Mengunggah... 0% · 1 dari 200 MB · sisa sekitar 1 jam 40 menit");
  });

  it("says the files are being saved once every file is uploaded", () => {
    expect(uploadStatusText({ sent: 5 * MB, total: 5 * MB, startedAt: 0, saving: true }, 9_000)).toBe("Terunggah 100%, menyimpan...");
  });
});
