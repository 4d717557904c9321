import { fileSizeText, isSameFile, uploadIdOf, type DraftFile } from "~/lib/draft-files";

/**
 * A restored draft's files (app/lib/draft-files.ts) as the reopened form uses them: where each
 * upload stands on the site (asked once, as tus does: a HEAD of its address), and at the save
 * which files go up and from where. A finished upload is named as it is (`_upload_<field>`, no
 * byte sent again); an unfinished one resumes from what the site has, its file read again from
 * its kept handle or chosen again (the same name and size); one the site no longer has starts over.
 * Loaded when a draft with files is restored or a form with files is sent.
 */

/** What a reopened form says of a kept file, by where its upload stands. */
export const DRAFT_FILE_TEXTS = {
  finished: (file: DraftFile) => `Berkas “${file.name}” (${fileSizeText(file.size)}) sudah terunggah dan dipakai saat disimpan.`,
  resumes: (file: DraftFile, offset: number) =>
    `Unggahan berkas “${file.name}” (${fileSizeText(file.size)}) dilanjutkan dari ${Math.floor((offset / Math.max(1, file.size)) * 100)}% saat disimpan.`,
  chooseAgain: (file: DraftFile) => `Pilih lagi berkas “${file.name}” (${fileSizeText(file.size)}) untuk melanjutkan unggahan.`,
  /** The site no longer has the upload (expired, deleted): it starts over, from the file read again or chosen again. */
  lost: (file: DraftFile, readable: boolean) =>
    `Unggahan berkas “${file.name}” tidak ada lagi di server (kedaluwarsa atau dihapus). ${
      readable ? "Berkasnya diunggah ulang dari awal saat disimpan." : `Pilih lagi berkas “${file.name}” (${fileSizeText(file.size)}) untuk mengunggahnya dari awal.`
    }`,
};

export type KeptUploadState = "checking" | "finished" | "resumable" | "lost";

export interface KeptUpload {
  file: DraftFile;
  state: KeptUploadState;
  /** Bytes the site has (as it said, else as the draft noted). */
  offset: number;
  /** What the form says of it under its field, once checked. */
  text?: string;
}

/** What the form's save needs of its draft: the kept uploads, their files read again, and where to note progress. */
export interface UploadDraft {
  kept: Record<string, KeptUpload>;
  /** The kept file of `field` read again from its handle, when the browser allows (a click is under way). */
  fileOf(field: string): Promise<File | undefined>;
  /** Notes how far the upload of `field` went. */
  note(field: string, update: Partial<DraftFile>): void;
}

/** Where the kept upload at `uploadUrl` stands, as the site says (tus's HEAD); lost when it has it no more. */
export async function checkKeptUpload(file: DraftFile, request: typeof fetch = fetch): Promise<KeptUpload> {
  if (!file.uploadUrl) return { file, state: "resumable", offset: 0 };
  try {
    const answer = await request(file.uploadUrl, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0" }, cache: "no-store" });
    if (answer.status >= 400 && answer.status < 500) return { file, state: "lost", offset: 0 };
    const offset = Number(answer.headers.get("upload-offset"));
    const length = Number(answer.headers.get("upload-length"));
    if (!answer.ok || !Number.isFinite(offset)) return { file, state: file.finished ? "finished" : "resumable", offset: file.offset };
    return { file, state: Number.isFinite(length) && offset >= length ? "finished" : "resumable", offset };
  } catch {
    // Offline now: the save's own upload finds out.
    return { file, state: file.finished ? "finished" : "resumable", offset: file.offset };
  }
}

/** What a reopened form says under a file field with a kept upload; undefined while it is being checked. */
export function keptUploadText(kept: KeptUpload, readable: boolean): string | undefined {
  const { file, state, offset } = kept;
  if (state === "checking") return undefined;
  if (state === "finished") return DRAFT_FILE_TEXTS.finished(file);
  if (state === "lost") return DRAFT_FILE_TEXTS.lost(file, readable);
  return readable ? DRAFT_FILE_TEXTS.resumes(file, offset) : DRAFT_FILE_TEXTS.chooseAgain(file);
}

export interface UploadPlan {
  /** The files to send, in the form's order, each from its kept upload where it has one. */
  send: Array<{ field: string; file: File; uploadUrl?: string }>;
  /** Finished uploads named as they are. */
  reuse: Array<{ field: string; id: string; size: number }>;
}

/**
 * Which of the form's files go up, and from where: a file chosen now (resuming its kept upload
 * when it is the same file), else a kept upload (finished: named; unfinished: its file read again
 * from its handle); a refusal naming the file to choose again when neither is there.
 */
export async function planUploads(inputs: HTMLInputElement[], draft: UploadDraft | undefined): Promise<UploadPlan | { refusal: string; input: HTMLInputElement }> {
  const plan: UploadPlan = { send: [], reuse: [] };
  for (const input of inputs) {
    const field = input.name;
    const chosen = input.files?.[0];
    const kept = draft?.kept[field];
    const resumeUrl = (file: File) => (kept?.state === "resumable" && kept.file.uploadUrl && isSameFile(file, kept.file) ? kept.file.uploadUrl : undefined);
    if (chosen) {
      plan.send.push({ field, file: chosen, uploadUrl: resumeUrl(chosen) });
      continue;
    }
    if (!kept || !draft) continue;
    const id = uploadIdOf(kept.file.uploadUrl);
    if ((kept.state === "finished" || (kept.state === "checking" && kept.file.finished)) && id) {
      plan.reuse.push({ field, id, size: kept.file.size });
      continue;
    }
    const file = await draft.fileOf(field);
    if (!file || !isSameFile(file, kept.file)) return { refusal: keptUploadText({ ...kept, state: kept.state === "lost" ? "lost" : "resumable" }, false) ?? "", input };
    plan.send.push({ field, file, uploadUrl: resumeUrl(file) });
  }
  return plan;
}
