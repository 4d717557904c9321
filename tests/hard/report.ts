import { appendFileSync } from "node:fs";

/**
 * The reliability suites (tests/hard) report every case they try, so that `npm run test:hard`
 * can print one summary table for docs/reliability.md. Outside that runner (plain `npm test`)
 * HARD_REPORT_FILE is unset and reports are dropped; the assertions still decide pass or fail.
 */

/** True under `npm run test:hard`: run the full variants (longer soaks, more fast-check runs). */
export const FULL = process.env.HARD_FULL === "1";

export interface CaseReport {
  /** e.g. "attack", "fault", "bad-input", "load", "scale-out" */
  suite: string;
  /** what was tried, in a few words: "login ?redirectTo=//evil.example" */
  tried: string;
  /** what came back: "303 to /admin" */
  got: string;
  passed: boolean;
  /** figures worth printing: { "rss first min": "92 MiB", "requests": 12000 } */
  figures?: Record<string, string | number>;
}

export function reportCase(report: CaseReport): void {
  const file = process.env.HARD_REPORT_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(report)}\n`);
}

/** A suite's `record`: reports a case and answers whether it passed (for the test's own assertion). */
export function caseRecorder(suite: string) {
  return (tried: string, got: string, passed: boolean, figures?: Record<string, string | number>): boolean => {
    reportCase({ suite, tried, got, passed, figures });
    return passed;
  };
}
