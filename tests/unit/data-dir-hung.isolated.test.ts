import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * `/readyz`'s DATA_DIR probe against a disk that never answers (a stuck network mount): every
 * write it tries hangs. Isolated: node:fs/promises is replaced for this file's modules alone.
 */

const hung = { calls: 0 };
vi.mock("node:fs/promises", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:fs/promises")>();
  const never = () => {
    hung.calls += 1;
    return new Promise<never>(() => {});
  };
  return { ...original, default: { ...original, mkdir: never }, mkdir: never };
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the readiness probe on a disk that never answers", () => {
  it("answers 'timed out' within its bound, and starts no second probe while the first is out", async () => {
    const { dataDirWritable, DATA_DIR_PROBE_INTERVAL_MS, DATA_DIR_PROBE_TIMEOUT_MS } = await import("@server/data-dir.server");
    const { parseConfig } = await import("@server/config.server");
    const dataDir = mkdtempSync(path.join(tmpdir(), "dispusip-hung-"));
    const config = parseConfig({ NODE_ENV: "test", UPSTREAM_API_URL: "http://upstream.test", DATA_DIR: dataDir });
    vi.useFakeTimers();
    const first = dataDirWritable(config, 0);
    await vi.advanceTimersByTimeAsync(DATA_DIR_PROBE_TIMEOUT_MS);
    expect((await first)?.code).toBe("ETIMEDOUT");
    const callsAfterFirst = hung.calls;
    expect(callsAfterFirst).toBe(1);
    // Long after the interval, the first probe still out: answered as timed out again, no new probe.
    for (const at of [DATA_DIR_PROBE_INTERVAL_MS, 10 * DATA_DIR_PROBE_INTERVAL_MS]) {
      const later = dataDirWritable(config, at);
      await vi.advanceTimersByTimeAsync(DATA_DIR_PROBE_TIMEOUT_MS);
      expect((await later)?.message).toMatch(/^DATA_DIR is not writable: .* \(ETIMEDOUT\): no answer from the disk in \d+ ms$/);
    }
    expect(hung.calls).toBe(callsAfterFirst);
  });
});
