import { describe, expect, it } from "vitest";
import { secondsLeft, uploadStatusText } from "~/components/admin/UploadProgress";

/** The words beside an upload's bar: percent, MB of MB, and the time left once a rate means something. */

const MB = 1024 * 1024;
const from = (sent: number) => ({ at: 0, sent });

describe("an upload's progress in words", () => {
  it("says the percent and the megabytes at once, the time left after a second of sending", () => {
    expect(uploadStatusText({ sent: 0, total: 0 }, 0)).toBe("Mengunggah... 0%");
    expect(uploadStatusText({ sent: 240 * MB, total: 1000 * MB, since: from(0) }, 500)).toBe("Mengunggah... 24% · 240 dari 1.000 MB");
    // 240 MB in 60 s: 760 MB more take 190 s, about 3 minutes.
    expect(uploadStatusText({ sent: 240 * MB, total: 1000 * MB, since: from(0) }, 60_000)).toBe("Mengunggah... 24% · 240 dari 1.000 MB · sisa sekitar 3 menit");
    expect(uploadStatusText({ sent: 1.5 * MB, total: 3 * MB, since: from(0) }, 10_000)).toBe("Mengunggah... 50% · 1,5 dari 3 MB · sisa sekitar 10 detik");
    expect(uploadStatusText({ sent: 1 * MB, total: 200 * MB, since: from(0) }, 30_000)).toBe("Mengunggah... 0% · 1 dari 200 MB · sisa sekitar 1 jam 40 menit");
  });

  it("says the files are being saved once every file is uploaded", () => {
    expect(uploadStatusText({ sent: 5 * MB, total: 5 * MB, since: from(0), saving: true }, 9_000)).toBe("Terunggah 100%, menyimpan...");
  });
});

describe("the time left after a resume", () => {
  it("counts only the bytes sent since the upload resumed, over the time since", () => {
    // Resumed at 900 of 1000 MB (sent by a page closed since); 5 MB in the 1 s after: 95 MB more take 19 s.
    const resumed = { sent: 905 * MB, total: 1000 * MB, since: { at: 10_000, sent: 900 * MB } };
    expect(secondsLeft(resumed, 11_000)).toBeCloseTo(19);
    expect(uploadStatusText(resumed, 11_000)).toBe("Mengunggah... 90% · 905 dari 1.000 MB · sisa sekitar 19 detik");
    // Counted from zero (all 905 MB as if sent in that one second) it would have said about 0 seconds.
    expect(uploadStatusText(resumed, 11_000)).not.toContain("sisa sekitar 1 detik");
  });

  it("says no time left before a second of sending, nor before a byte moved since the resume", () => {
    expect(secondsLeft({ sent: 900 * MB, total: 1000 * MB, since: { at: 0, sent: 900 * MB } }, 5_000)).toBeUndefined();
    expect(secondsLeft({ sent: 901 * MB, total: 1000 * MB, since: { at: 0, sent: 900 * MB } }, 999)).toBeUndefined();
    expect(secondsLeft({ sent: 10 * MB, total: 1000 * MB }, 60_000)).toBeUndefined();
  });
});
