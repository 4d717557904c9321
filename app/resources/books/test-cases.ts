import type { ScreenTestCases } from "~/admin-kit/test-cases";

/** This screen's cases for the suites that go through every screen (tests/hard/screens.ts). */
export const testCases: ScreenTestCases = {
  validUpdate: { title: "Buku Uji", published_date: "2026-11-01", author_id: "1", publisher_id: "1", genres: ["1"], tags: [] },
};
