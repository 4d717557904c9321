import { useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { formatIndonesianNumber } from "~/admin/format";
import type { ScreenActionData, UploadAnswer } from "~/admin/resource";

/**
 * Sending a form with large files while showing how far the upload is. `fetch` reports no
 * upload progress, so the form goes by XMLHttpRequest to a resource route that answers as
 * JSON (e.g. app/routes/admin.video[.]upload.tsx): where to go on success, or the form's
 * errors. Success goes there as a GET submission: a plain navigation from `?modal=add` to the
 * list would skip the loader (shouldRevalidateScreen), and the loader shows the flashed alert.
 */

export interface UploadState {
  /** Bytes sent and the body's size (0 while the browser does not know it yet). */
  sent: number;
  total: number;
  /** When the upload started (ms, `performance.now()`), for the time left. */
  startedAt: number;
}

const CONNECTION_LOST = "Koneksi terputus saat mengunggah. Silakan coba lagi.";
export const UPLOAD_CANCELLED = "Unggahan dibatalkan; belum ada yang disimpan.";

function isRedirect(answer: UploadAnswer | null): answer is { location: string } {
  return answer !== null && "location" in answer && typeof answer.location === "string";
}

export function useUploadWithProgress(action: string | undefined) {
  const submit = useSubmit();
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [answer, setAnswer] = useState<ScreenActionData | null>(null);
  const [cancelled, setCancelled] = useState(false);
  /** From the start until the server's answer, a failure or a cancel: leaving would drop the files. */
  const [unfinished, setUnfinished] = useState(false);
  const current = useRef<XMLHttpRequest | null>(null);

  // Leaving the screen mid-upload stops it.
  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback(
    (form: HTMLFormElement) => {
      if (!action) return;
      const request = new XMLHttpRequest();
      current.current = request;
      request.open("POST", `${action}${window.location.search}`);
      request.responseType = "json";
      const startedAt = performance.now();
      request.upload.onprogress = (event) => setProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : 0, startedAt });
      request.onload = () => {
        const body = (request.response ?? null) as UploadAnswer | null;
        if (request.status === 200 && isRedirect(body)) {
          const target = new URL(body.location, window.location.href);
          // Done: going on to the list is no longer leaving an upload (the question must not hold this navigation).
          current.current = null;
          flushSync(() => setUnfinished(false));
          submit(target.searchParams, { method: "get", action: target.pathname, preventScrollReset: true });
          return;
        }
        setProgress(null);
        setUnfinished(false);
        setAnswer(
          body && !isRedirect(body) ? body : { alert: { id: `upload-${Date.now()}`, type: "error", message: CONNECTION_LOST } },
        );
      };
      request.onerror = () => {
        setProgress(null);
        setUnfinished(false);
        setAnswer({ alert: { id: `upload-${Date.now()}`, type: "error", message: CONNECTION_LOST } });
      };
      setAnswer(null);
      setCancelled(false);
      setUnfinished(true);
      setProgress({ sent: 0, total: 0, startedAt });
      request.send(new FormData(form));
    },
    [action, submit],
  );

  /**
   * Stops the upload: the browser closes the request, and the server, reading a body that never
   * ends, sends nothing on and writes no record (the record is written only after every file).
   */
  const cancel = useCallback(() => {
    const request = current.current;
    if (!request) return;
    request.onload = request.onerror = request.onabort = null;
    request.abort();
    current.current = null;
    setProgress(null);
    setUnfinished(false);
    setCancelled(true);
  }, []);

  return { start, cancel, progress, answer, cancelled, unfinished };
}

/** "2 menit", "40 detik", "1 jam 5 menit": about how long is left. */
function durationText(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} detik`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} menit`;
  return `${Math.floor(minutes / 60)} jam${minutes % 60 ? ` ${minutes % 60} menit` : ""}`;
}

function megabytesText(bytes: number): string {
  return formatIndonesianNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

/** "Mengunggah... 24% · 240 dari 1.000 MB · sisa sekitar 2 menit". */
export function uploadStatusText(progress: UploadState, now: number): string {
  const { sent, total, startedAt } = progress;
  const percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
  if (total > 0 && sent >= total) return "Terunggah 100%, menyimpan...";
  const parts = [`Mengunggah... ${percent}%`];
  if (total > 0) parts.push(`${megabytesText(sent)} dari ${megabytesText(total)} MB`);
  const elapsedSeconds = (now - startedAt) / 1000;
  // A rate needs a second of sending to mean anything.
  if (total > 0 && sent > 0 && elapsedSeconds >= 1) parts.push(`sisa sekitar ${durationText(((total - sent) / sent) * elapsedSeconds)}`);
  return parts.join(" · ");
}

/** The upload's bar and its words, beside the form's buttons (always in view: the bar holding them stays at the modal's foot). */
export function UploadProgress({ progress, onCancel }: { progress: UploadState; onCancel(): void }) {
  const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.sent / progress.total) * 100)) : 0;
  const done = progress.total > 0 && progress.sent >= progress.total;
  return (
    <div className="kit-upload-progress">
      <progress id="kit-upload-progress" max={100} value={percent} aria-label="Kemajuan unggahan" aria-valuetext={`${percent}%`} />
      <p className="kit-upload-progress-text" aria-live="polite">
        {uploadStatusText(progress, performance.now())}
      </p>
      {done ? null : (
        <button type="button" className="kit-button kit-button-secondary" onClick={onCancel}>
          Batal unggah
        </button>
      )}
    </div>
  );
}
