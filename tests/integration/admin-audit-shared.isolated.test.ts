import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { dataPaths } from "@server/data-dir.server";
import { getConfig } from "@server/config.server";
import { openAuditLog, whenWritable } from "~/platform/audit-database.server";
import { beginChange, readAuditPage } from "~/platform/audit.server";

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

describe("a write while another process holds the audit file", () => {
  /** Another process's connection, holding the file's write lock until `release`. */
  function otherProcessHoldsTheLock() {
    openAuditLog();
    const other = new Database(dataPaths(getConfig()).auditLog);
    other.exec("BEGIN IMMEDIATE");
    return {
      release: () => {
        other.exec("COMMIT");
        other.close();
      },
    };
  }

  it("waits for the lock without holding the event loop, then writes the entry", async () => {
    const lock = otherProcessHoldsTheLock();
    const entry = beginChange({ actor: { id: "1", email: "admin@dispusip.local" }, resource: "publisher", recordId: "77", action: "delete", changes: [] });
    let settled = false;
    void entry.finally(() => (settled = true));
    // Far past SQLite's own (synchronous) wait: the loop kept turning, the entry is still waiting.
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    lock.release();
    const id = await entry;
    expect(readAuditPage({ page: 1, pageSize: 5, resource: "publisher" }).entries).toEqual([expect.objectContaining({ id, recordId: "77", outcome: "pending" })]);
  });

  it("gives up with SQLite's busy error once its patience is spent, and writes nothing", async () => {
    const lock = otherProcessHoldsTheLock();
    try {
      await expect(whenWritable(() => openAuditLog().prepare("DELETE FROM audit_log").run(), 150)).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    } finally {
      lock.release();
    }
    expect(readAuditPage({ page: 1, pageSize: 1 }).total).toBeGreaterThan(0);
  });
});
