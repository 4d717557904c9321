import { afterEach, describe, expect, it } from "vitest";
import { verdictWithin } from "@server/shared-verdict.server";

/**
 * server/shared-verdict.server.ts's timed wait, as /readyz, the relay and the audit trail use it.
 * In a process of its own: Node warns of a negative timer once per process.
 */

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
afterEach(() => {
  process.off("warning", onWarning);
  warnings.length = 0;
});

describe("verdictWithin", () => {
  it("gives the result when it comes in time", async () => {
    await expect(verdictWithin(Promise.resolve("ada"), 1_000, () => "terlambat")).resolves.toBe("ada");
  });

  it("gives the late verdict for a wait already over (a deadline passed while the process was busy), without a warning from Node's timers", async () => {
    process.on("warning", onWarning);
    const never = new Promise<string>(() => {});
    await expect(verdictWithin(never, -25, () => "terlambat")).resolves.toBe("terlambat");
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((warning) => warning.name)).toEqual([]);
  });
});
