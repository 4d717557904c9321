import { readFile, utimes, writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { notesOf, WRITING_NOTES_MS } from "~/admin-kit/server/import/notes.server";
import { appendLines, jobFiles, newJobFolder, type OutcomeLine, type PlannedRow, type StoredJob } from "~/admin-kit/server/import/store.server";

/**
 * The import page's notes of a job's rows, asked every IMPORT_REFRESH_SECONDS: kept per job and
 * read again only when the plan or the outcomes changed, or, while a run writes, at most every
 * WRITING_NOTES_MS. The job's files are written as the preview and the run write them.
 */

const plannedRows: PlannedRow[] = [
  { line: 2, label: "Laskar Pelangi", action: "create", messages: [] },
  { line: 3, label: "Bumi Manusia", action: "error", messages: ["Tahun terbit harus berupa angka."] },
  { line: 4, label: "Ronggeng Dukuh Paruk", action: "create", messages: [], duplicate: "Mirip dengan buku #12" },
  { line: 5, label: "Cantik Itu Luka", action: "create", messages: [] },
];

async function previewedJob(): Promise<StoredJob> {
  const id = await newJobFolder();
  await appendLines(jobFiles(id).plan, plannedRows);
  return { id, screen: "book", fileName: "buku.csv", source: "site", stage: "previewed", createdAt: new Date().toISOString(), createdBy: "2" };
}

const outcome = (line: number, result: "created" | "failed", message?: string): OutcomeLine => ({ line, outcome: result, ...(message ? { message } : {}) });

describe("an import's notes", () => {
  it("before the run: the preview's messages and look-alikes, in the file's order", async () => {
    const job = await previewedJob();
    expect(await notesOf(job)).toEqual({
      notes: [
        { line: 3, label: "Bumi Manusia", messages: ["Tahun terbit harus berupa angka."] },
        { line: 4, label: "Ronggeng Dukuh Paruk", messages: ["Mirip dengan buku #12"] },
      ],
      notesTotal: 2,
    });
  });

  it("an unchanged job's files are not read again; a changed plan is", async () => {
    const job = await previewedJob();
    const { plan } = jobFiles(job.id);
    const written = new Date("2026-12-01T08:00:00Z");
    await utimes(plan, written, written);
    await notesOf(job);
    // The same file, its bytes changed behind the page's back but its length and time kept: the kept notes stand.
    await writeFile(plan, (await readFile(plan, "utf8")).replace("Tahun terbit harus berupa angka.", "Tahun terbit harus berupa ANGKA."));
    await utimes(plan, written, written);
    expect((await notesOf(job)).notes[0].messages).toEqual(["Tahun terbit harus berupa angka."]);
    // A row more (the preview began again): read again.
    await appendLines(plan, [{ line: 6, label: "Gadis Kretek", action: "error", messages: ["Judul wajib diisi."] }]);
    expect((await notesOf(job)).notesTotal).toBe(3);
  });

  it("while a run writes, its failures show within WRITING_NOTES_MS, and at once when it ends", async () => {
    const job = await previewedJob();
    const { outcomes } = jobFiles(job.id);
    const running: StoredJob = { ...job, stage: "running", progress: { created: 1, updated: 0, unchanged: 0, skipped: 0, failed: 0, done: 1, total: 4 } };
    await appendLines(outcomes, [{ line: 2, begun: true }, outcome(2, "created")]);
    const start = Date.now();
    // Once run, the notes are the rows not written: none yet.
    expect(await notesOf(running, start)).toEqual({ notes: [], notesTotal: 0 });

    await appendLines(outcomes, [{ line: 3, begun: true }, outcome(3, "failed", "Judul sudah dipakai.")]);
    expect((await notesOf(running, start + 1_000)).notesTotal).toBe(0);
    expect(await notesOf(running, start + WRITING_NOTES_MS + 1)).toEqual({ notes: [{ line: 3, label: "Bumi Manusia", messages: ["Judul sudah dipakai."] }], notesTotal: 1 });

    await appendLines(outcomes, [{ line: 4, begun: true }, outcome(4, "failed", "ISBN sudah dipakai.")]);
    const done: StoredJob = { ...running, stage: "done" };
    expect((await notesOf(done, start + WRITING_NOTES_MS + 2)).notesTotal).toBe(2);
  });
});
