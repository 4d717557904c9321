import type { ScreenTestCases } from "~/admin-kit/test-cases";

/** This screen's cases for the suites that go through every screen (tests/hard/screens.ts). */
export const testCases: ScreenTestCases = {
  validUpdate: { vision: "Visi uji", mission: "Misi uji" },
};
