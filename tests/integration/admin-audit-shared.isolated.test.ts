import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readAuditPage } from "~/platform/audit.server";

/** Several site processes on one machine share DATA_DIR: their entries all land in the one audit file. */

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WRITER = fileURLToPath(new URL("./admin-audit-writer.ts", import.meta.url));
const ENTRIES_EACH = 3000;

async function writer(resource: string) {
  const child = spawn(process.execPath, ["--import", "tsx", WRITER, resource, String(ENTRIES_EACH)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, LOG_LEVEL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output };
}

describe("an audit file shared by processes", () => {
  it("keeps every entry of processes writing at the same time", async () => {
    const results = await Promise.all([writer("genre"), writer("tag"), writer("author")]);
    for (const { code, output } of results) {
      expect(output, "no audit_record_failed line").toBe("");
      expect(code).toBe(0);
    }
    for (const resource of ["genre", "tag", "author"]) {
      const { entries, hasMore } = readAuditPage({ page: 1, pageSize: ENTRIES_EACH, resource });
      expect(entries.map((entry) => entry.recordId).sort()).toEqual(Array.from({ length: ENTRIES_EACH }, (_, index) => String(index + 1)).sort());
      expect(hasMore).toBe(false);
    }
  }, 60_000);
});
