import { useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { formatIndonesianNumber } from "~/lib/format";
import type { ScreenActionData, UploadAnswer } from "~/admin-kit/screen";
import type { UploadDraft } from "./kept-uploads";
import type { UploadControl } from "./upload-file";

/**
 * Sending a form's files so that a dropped connection costs nothing (issue 23): with JavaScript
 * each chosen file goes first to the back-office's resumable upload endpoint (the tus protocol,
 * tus-js-client loaded when a form with files is sent; app/platform/uploads.server.ts), retrying and
 * resuming from where it stopped, also on a second try after the page was left. The form then
 * goes without its files, naming the finished uploads (`_upload_<field>`): to the screen's action,
 * or by XMLHttpRequest to a resource route that answers as JSON where the screen has one
 * (`uploadProgress`: `/admin/<id>.upload`, app/routes/admin-screen-upload.tsx): where to go on success, or
 * the form's errors. Success goes there as a GET submission: a plain navigation from `?modal=add`
 * to the list would skip the loader (shouldRevalidateScreen), and the loader shows the flashed alert.
 * The form's draft notes each upload's address and progress, and a restored draft's uploads are
 * reused or resumed (./kept-uploads.ts).
 */

export interface UploadState {
  /** Bytes sent and the files' size (0 while the browser does not know it yet). */
  sent: number;
  total: number;
  /**
   * The first progress this page saw (ms, `performance.now()`, and bytes sent by then): the time
   * left is counted from the bytes sent since, not from what an earlier page or a finished upload sent.
   */
  since?: { at: number; sent: number };
  /** Every file is uploaded; the form is being saved (it can no longer be cancelled). */
  saving?: boolean;
}

const CONNECTION_LOST = "Koneksi terputus saat mengunggah. Silakan coba lagi.";
export const UPLOAD_CANCELLED = "Unggahan dibatalkan; belum ada yang disimpan.";
function isRedirect(answer: UploadAnswer | null): answer is { location: string } {
  return answer !== null && "location" in answer && typeof answer.location === "string";
}

/** The named file inputs of a form, in the form's order. */
function fileInputs(form: HTMLFormElement): HTMLInputElement[] {
  return [...form.querySelectorAll<HTMLInputElement>('input[type="file"]')].filter((input) => input.name);
}

/** A file chosen, or a restored draft's upload kept: the form's files go ahead as resumable uploads. */
export function formHasFilesToUpload(form: HTMLFormElement, draft?: UploadDraft): boolean {
  return fileInputs(form).some((input) => (input.files?.length ?? 0) > 0 || draft?.kept[input.name] !== undefined);
}

/** The bytes sent since `since` over the time since: the time left at that rate (seconds); undefined before a second of it. */
export function secondsLeft({ sent, total, since }: Pick<UploadState, "sent" | "total" | "since">, now: number): number | undefined {
  if (!since || total <= 0) return undefined;
  const elapsedSeconds = (now - since.at) / 1000;
  const sentSince = sent - since.sent;
  // A rate needs a second of sending to mean anything.
  if (elapsedSeconds < 1 || sentSince <= 0) return undefined;
  return ((total - sent) / sentSince) * elapsedSeconds;
}

export function useUploadWithProgress({ screen, action, draft }: { screen: string; action: string | undefined; draft?: UploadDraft }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [answer, setAnswer] = useState<ScreenActionData | null>(null);
  const [cancelled, setCancelled] = useState(false);
  /** From the start until the server's answer, a failure or a cancel: leaving would drop the files. */
  const [unfinished, setUnfinished] = useState(false);
  /** What stops the work under way: the current file's upload, or the form's request. */
  const running = useRef<{ stop(): void } | null>(null);
  /** The form went to the screen's action: its navigation's end ends the progress too. */
  const handedOver = useRef(false);

  // Leaving the screen mid-upload stops it.
  useEffect(() => () => running.current?.stop(), []);
  useEffect(() => {
    if (handedOver.current && navigation.state === "idle") {
      handedOver.current = false;
      setProgress(null);
    }
  }, [navigation.state]);

  const fail = useCallback((message: string) => {
    running.current = null;
    setProgress(null);
    setUnfinished(false);
    setAnswer({ alert: { id: `upload-${Date.now()}`, type: "error", message } });
  }, []);

  /** The form, its files already uploaded, to the screen: leaving it now is no longer leaving an upload. */
  const send = useCallback(
    (data: FormData) => {
      setProgress((current) => (current ? { ...current, sent: current.total, saving: true } : current));
      if (!action) {
        running.current = null;
        flushSync(() => setUnfinished(false));
        submit(data, { method: "post", encType: "multipart/form-data", preventScrollReset: true });
        handedOver.current = true;
        return;
      }
      const request = new XMLHttpRequest();
      running.current = { stop: () => request.abort() };
      request.open("POST", `${action}${window.location.search}`);
      request.responseType = "json";
      request.onload = () => {
        const body = (request.response ?? null) as UploadAnswer | null;
        if (request.status === 200 && isRedirect(body)) {
          const target = new URL(body.location, window.location.href);
          // Done: going on to the list is no longer leaving an upload (the question must not hold this navigation).
          running.current = null;
          flushSync(() => setUnfinished(false));
          submit(target.searchParams, { method: "get", action: target.pathname, preventScrollReset: true });
          return;
        }
        running.current = null;
        setProgress(null);
        setUnfinished(false);
        setAnswer(body && !isRedirect(body) ? body : { alert: { id: `upload-${Date.now()}`, type: "error", message: CONNECTION_LOST } });
      };
      request.onerror = () => fail(CONNECTION_LOST);
      request.send(data);
    },
    [action, submit, fail],
  );

  const start = useCallback(
    async (form: HTMLFormElement, submitter?: HTMLElement | null) => {
      const inputs = fileInputs(form);
      // The button pressed is part of the form sent ("Simpan tetap" says which duplicates were seen).
      const data = new FormData(form, submitter ?? undefined);
      setAnswer(null);
      setCancelled(false);
      const { planUploads } = await import("./kept-uploads");
      const plan = await planUploads(inputs, draft);
      if ("refusal" in plan) {
        fail(plan.refusal);
        plan.input.focus();
        return;
      }
      for (const input of inputs) if ((input.files?.length ?? 0) > 0) data.delete(input.name);
      for (const { field, id } of plan.reuse) data.set(`_upload_${field}`, id);
      const files = plan.send;
      const reused = plan.reuse.reduce((sum, { size }) => sum + size, 0);
      const total = files.reduce((sum, { file }) => sum + file.size, reused);
      setUnfinished(true);
      setProgress({ sent: reused, total });

      const control: UploadControl = { stopped: false };
      running.current = {
        stop() {
          control.stopped = true;
          // The unfinished upload is deleted on the server too.
          void control.current?.abort(true).catch(() => undefined);
          // Its draft no longer names it: a reopened form sends the file anew rather than call it lost.
          if (control.field) draft?.note(control.field, { uploadUrl: undefined, offset: 0, finished: false });
        },
      };
      const { uploadFile, uploadRefusal } = await import("./upload-file");
      let done = reused;
      for (const entry of files) {
        try {
          const id = await uploadFile(entry, {
            screen,
            draft,
            control,
            onProgress: (sent) => setProgress((current) => ({ sent: done + sent, total, since: current?.since ?? { at: performance.now(), sent: done + sent } })),
          });
          if (control.stopped) return;
          done += entry.file.size;
          data.append(`_upload_${entry.field}`, id);
        } catch (error) {
          if (!control.stopped) fail(uploadRefusal(error) ?? CONNECTION_LOST);
          return;
        }
      }
      if (!control.stopped) send(data);
    },
    [screen, send, fail, draft],
  );

  /**
   * Stops the upload: the unfinished upload is deleted on the server, and the form is not sent,
   * so no record is written (the record is written only after every file).
   */
  const cancel = useCallback(() => {
    running.current?.stop();
    running.current = null;
    setProgress(null);
    setUnfinished(false);
    setCancelled(true);
  }, []);

  return { start, cancel, progress, answer, cancelled, unfinished, draft };
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
  const { sent, total, saving } = progress;
  const percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
  if (saving) return "Terunggah 100%, menyimpan...";
  const parts = [`Mengunggah... ${percent}%`];
  if (total > 0) parts.push(`${megabytesText(sent)} dari ${megabytesText(total)} MB`);
  const left = secondsLeft(progress, now);
  if (left !== undefined) parts.push(`sisa sekitar ${durationText(left)}`);
  return parts.join(" · ");
}

/** The upload's bar and its words, beside the form's buttons (always in view: the bar holding them stays at the modal's foot). */
export function UploadProgress({ progress, onCancel }: { progress: UploadState; onCancel(): void }) {
  const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.sent / progress.total) * 100)) : 0;
  return (
    <div className="kit-upload-progress">
      <progress id="kit-upload-progress" max={100} value={percent} aria-label="Kemajuan unggahan" aria-valuetext={`${percent}%`} />
      <p className="kit-upload-progress-text" aria-live="polite">
        {uploadStatusText(progress, performance.now())}
      </p>
      {progress.saving ? null : (
        <button type="button" className="kit-button kit-button-secondary" onClick={onCancel}>
          Batal unggah
        </button>
      )}
    </div>
  );
}
