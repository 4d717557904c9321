/**
 * A form saved once: each add or edit form carries a one-time id, made as the form is drawn and
 * kept while it stays open (a form sent back keeps its own). A second POST of the same form (a
 * second press of "Simpan" before the first's answer came, JavaScript off) writes nothing more:
 * it gets the first's answer (app/admin-kit/server/screen/submit-once.server.ts).
 */

/** The hidden field that carries a form's id. */
export const SUBMISSION_FIELD = "_submission";

/** A random (version 4) UUID in lower case, as `newSubmissionId` writes one: anything else is no id. */
const SUBMISSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isSubmissionId(value: unknown): value is string {
  return typeof value === "string" && SUBMISSION_ID.test(value);
}

/**
 * A new id, on the server or in the browser: from `crypto.getRandomValues`, which a page served
 * over plain HTTP has too (`crypto.randomUUID` needs a secure context).
 */
export function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
