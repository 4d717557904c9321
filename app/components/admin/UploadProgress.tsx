import { useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
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
}

const CONNECTION_LOST = "Koneksi terputus saat mengunggah. Silakan coba lagi.";

function isRedirect(answer: UploadAnswer | null): answer is { location: string } {
  return answer !== null && "location" in answer && typeof answer.location === "string";
}

export function useUploadWithProgress(action: string | undefined) {
  const submit = useSubmit();
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [answer, setAnswer] = useState<ScreenActionData | null>(null);
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
      request.upload.onprogress = (event) => setProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : 0 });
      request.onload = () => {
        const body = (request.response ?? null) as UploadAnswer | null;
        if (request.status === 200 && isRedirect(body)) {
          const target = new URL(body.location, window.location.href);
          submit(target.searchParams, { method: "get", action: target.pathname, preventScrollReset: true });
          return;
        }
        setProgress(null);
        setAnswer(
          body && !isRedirect(body) ? body : { alert: { id: `upload-${Date.now()}`, type: "error", message: CONNECTION_LOST } },
        );
      };
      request.onerror = () => {
        setProgress(null);
        setAnswer({ alert: { id: `upload-${Date.now()}`, type: "error", message: CONNECTION_LOST } });
      };
      setAnswer(null);
      setProgress({ sent: 0, total: 0 });
      request.send(new FormData(form));
    },
    [action, submit],
  );

  return { start, progress, answer };
}

export function UploadProgress({ progress }: { progress: UploadState }) {
  const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.sent / progress.total) * 100)) : 0;
  const done = progress.total > 0 && progress.sent >= progress.total;
  return (
    <div className="kit-upload-progress">
      <progress id="kit-upload-progress" max={100} value={percent} aria-label="Kemajuan unggahan" aria-valuetext={`${percent}%`} />
      <p className="kit-upload-progress-text" aria-live="polite">
        {done ? "Terunggah 100%, menyimpan..." : `Mengunggah... ${percent}%`}
      </p>
    </div>
  );
}
