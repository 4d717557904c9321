import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { IMPORT_FIELDS, IMPORT_INTENTS, IMPORT_PARAMS, IMPORT_REFRESH_SECONDS, IMPORT_TEXTS, importPath, importReportPath, type ImportJobView, type RowOutcome } from "~/admin-kit/import";
import { megabytes } from "~/lib/file-kinds";
import { formatIndonesianNumber } from "~/lib/format";

/**
 * A list's import page (app/admin-kit/import.ts): the upload form, then one job's preview, run
 * and report. Every step is a plain form or link, and a job that reads or runs is asked for
 * again every few seconds (by the page with JavaScript, by a refresh without it). What went wrong
 * stays on the page (not the kit's alert, which goes after 5 s): it is what the admin acts on.
 */

interface ImportLoaderData {
  screen: { id: string; alias: string };
  slims: boolean;
  maxBytes: number;
  maxRows: number;
  job: ImportJobView | null;
  recent: ImportJobView[];
  refusal?: string;
}

const count = (value: number) => formatIndonesianNumber(value);

const OUTCOME_LABELS: Record<RowOutcome, string> = {
  created: "ditambahkan",
  updated: "diubah",
  unchanged: "tidak berubah",
  skipped: "dilewati",
  failed: "gagal",
};

const STAGE_LABELS: Record<ImportJobView["stage"], string> = {
  reading: "Membaca berkas…",
  previewed: "Pratinjau siap",
  running: "Sedang mengimpor…",
  stopped: "Dihentikan",
  done: "Selesai",
  failed: "Gagal",
};

export function ImportPage() {
  const data = useLoaderData<ImportLoaderData>();
  const answer = useActionData<{ refusal?: string }>();
  const refusal = answer?.refusal ?? data.refusal;
  const { job } = data;
  // Followed while stored as under way: a heartbeat that only looked stale (a busy machine) shows the work again.
  const working = job !== null && (job.alive || job.unsettled);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, IMPORT_REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [working, revalidator]);

  return (
    <div className="kit-screen kit-import">
      {working ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(IMPORT_REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <p>
        <Link to={`/admin/${data.screen.id}`}>← Kembali ke daftar {data.screen.alias.toLocaleLowerCase("id-ID")}</Link>
      </p>
      {refusal ? (
        <p className="kit-import-notice is-error" role="alert">
          {refusal}
        </p>
      ) : null}
      {job ? <JobView job={job} screenId={data.screen.id} /> : <UploadForm data={data} />}
    </div>
  );
}

function UploadForm({ data }: { data: ImportLoaderData }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  return (
    <>
      <Form method="post" encType="multipart/form-data" className="kit-import-form">
        <input type="hidden" name={IMPORT_FIELDS.intent} value={IMPORT_INTENTS.upload} />
        <fieldset className="kit-field">
          <legend>Jenis berkas</legend>
          <label>
            <input type="radio" name={IMPORT_FIELDS.source} value="site" defaultChecked /> {IMPORT_TEXTS.sourceSite}
          </label>
          {data.slims ? (
            <label>
              <input type="radio" name={IMPORT_FIELDS.source} value="slims" /> {IMPORT_TEXTS.sourceSlims}
            </label>
          ) : null}
        </fieldset>
        {data.slims ? (
          <details className="kit-field">
            <summary>Pengaturan ekspor SLiMS</summary>
            <p>Isi seperti pada formulir ekspor SLiMS; kosongkan untuk dikenali otomatis.</p>
            <label htmlFor="import-separator">Pemisah kolom (Field Separator)</label>
            <input id="import-separator" name={IMPORT_FIELDS.separator} maxLength={3} size={4} />
            <label htmlFor="import-enclosure">Penutup kolom (Field Enclosed With)</label>
            <input id="import-enclosure" name={IMPORT_FIELDS.enclosure} maxLength={1} size={4} />
          </details>
        ) : null}
        <div className="kit-field">
          <label htmlFor="import-file">Berkas</label>
          <input
            id="import-file"
            type="file"
            name={IMPORT_FIELDS.file}
            accept=".xlsx,.csv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            required
            aria-describedby="import-file-hint"
          />
          <p id="import-file-hint" className="kit-hint">
            XLSX atau CSV, paling besar {megabytes(data.maxBytes)} dan {count(data.maxRows)} baris. Judul kolom seperti ekspor daftar ini (atau nama lain yang lazim dipakai) ada di baris
            pertama atau di bawah judul lembar; baris dengan ID mengubah data itu, baris tanpa ID menambah data baru. Belum ada yang ditulis sebelum pratinjau diperiksa.
          </p>
        </div>
        <button type="submit" className="kit-button kit-button-primary" disabled={sending}>
          {sending ? "Mengunggah…" : "Unggah dan pratinjau"}
        </button>
      </Form>
      {data.recent.length > 0 ? (
        <section aria-labelledby="import-recent">
          <h2 id="import-recent">Impor terakhir</h2>
          <ul>
            {data.recent.map((recent) => (
              <li key={recent.id}>
                <Link to={`${importPath(data.screen.id)}?${IMPORT_PARAMS.job}=${recent.id}`}>{recent.fileName}</Link> — {STAGE_LABELS[recent.stage]}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function JobView({ job, screenId }: { job: ImportJobView; screenId: string }) {
  const { preview, progress } = job;
  const reportHref = importReportPath(screenId, job.id);
  const canStart = job.stage === "previewed" || (job.stage === "stopped" && !job.alive);
  return (
    <section aria-labelledby="import-job" className="kit-import-job">
      <h2 id="import-job">
        {job.fileName}: <span role="status">{STAGE_LABELS[job.stage]}</span>
      </h2>
      {job.reason ? <p className={`kit-import-notice${job.stage === "failed" ? " is-error" : ""}`}>{job.reason}</p> : null}
      {preview ? (
        <p>
          {count(preview.rows)} baris dibaca ({preview.readAs}): {count(preview.actions.create)} baru, {count(preview.actions.update)} diubah, {count(preview.actions.unchanged)} tidak berubah,{" "}
          {count(preview.actions.error)} tidak valid
          {preview.duplicates > 0 ? `, ${count(preview.duplicates)} mirip data yang ada` : ""}.
          {preview.ignoredColumns.length > 0 ? ` Kolom yang tidak dibaca: ${preview.ignoredColumns.join(", ")}.` : ""}
        </p>
      ) : null}
      {preview?.fileNotes?.length ? (
        <ul className="kit-import-file-notes">
          {preview.fileNotes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {progress && job.stage !== "previewed" ? (
        <div className="kit-import-progress">
          <progress max={Math.max(progress.total, 1)} value={progress.done} aria-label="Kemajuan impor" />
          <p>
            {count(progress.done)} dari {count(progress.total)} baris:{" "}
            {(Object.keys(OUTCOME_LABELS) as RowOutcome[]).map((outcome) => `${count(progress[outcome])} ${OUTCOME_LABELS[outcome]}`).join(", ")}.
          </p>
        </div>
      ) : null}
      {canStart || job.stage === "running" || job.alive || job.stage === "failed" || job.stage === "done" ? (
        <Form method="post" encType="multipart/form-data" className="kit-import-actions">
          <input type="hidden" name={IMPORT_PARAMS.job} value={job.id} />
          {job.stage === "previewed" && preview ? <StartOptions preview={preview} /> : null}
          {canStart ? (
            <button type="submit" name={IMPORT_FIELDS.intent} value={IMPORT_INTENTS.start} className="kit-button kit-button-primary">
              {job.stage === "stopped" ? IMPORT_TEXTS.resume : IMPORT_TEXTS.start}
            </button>
          ) : null}
          {job.alive && job.stage === "running" ? (
            <button type="submit" name={IMPORT_FIELDS.intent} value={IMPORT_INTENTS.stop} className="kit-button kit-button-danger">
              {IMPORT_TEXTS.stop}
            </button>
          ) : null}
          {!job.alive ? (
            <button type="submit" name={IMPORT_FIELDS.intent} value={IMPORT_INTENTS.discard} className="kit-button kit-button-secondary">
              {IMPORT_TEXTS.discard}
            </button>
          ) : null}
        </Form>
      ) : null}
      {preview ? (
        <p>
          <a href={reportHref} download>
            {IMPORT_TEXTS.report}
          </a>
        </p>
      ) : null}
      {job.notes.length > 0 ? <Notes job={job} /> : null}
    </section>
  );
}

function StartOptions({ preview }: { preview: NonNullable<ImportJobView["preview"]> }) {
  return (
    <fieldset className="kit-field">
      <legend>Sebelum mulai</legend>
      {preview.missing.map((missing) => (
        <label key={missing.field}>
          <input type="checkbox" name={IMPORT_FIELDS.create} value={missing.list} disabled={!missing.creatable} /> Buat {missing.label.toLocaleLowerCase("id-ID")} yang belum ada (
          {count(missing.count)}): {missing.names.join("; ")}
          {missing.count > missing.names.length ? "; …" : ""}
          {missing.creatable ? "" : ` — tidak dapat dibuat dari impor; tambahkan dulu di daftar ${missing.label.toLocaleLowerCase("id-ID")}.`}
        </label>
      ))}
      {preview.duplicates > 0 ? (
        <label>
          <input type="checkbox" name={IMPORT_FIELDS.duplicates} value="1" /> Tulis juga baris yang mirip ({count(preview.duplicates)})
        </label>
      ) : null}
      <p className="kit-hint">Baris yang tidak valid tidak ditulis. Setiap baris yang ditulis tercatat di Log Aktivitas.</p>
    </fieldset>
  );
}

function Notes({ job }: { job: ImportJobView }) {
  return (
    <div className="kit-table-wrap">
      <table className="kit-table">
        <caption>
          Baris yang perlu diperiksa ({count(job.notesTotal)}){job.notesTotal > job.notes.length ? `, ${count(job.notes.length)} pertama; semua ada di laporan` : ""}
        </caption>
        <thead>
          <tr>
            <th scope="col">Baris</th>
            <th scope="col">Data</th>
            <th scope="col">Keterangan</th>
          </tr>
        </thead>
        <tbody>
          {job.notes.map((note) => (
            <tr key={note.line}>
              <td>{note.line}</td>
              <td>{note.label}</td>
              <td>{note.messages.join(" ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
