import { formatJakartaDateTime } from "~/lib/dates";

/**
 * The audit log's entries as both sides read them: the server stores and exports them
 * (app/platform/audit.server.ts), the /admin/audit screen shows them. Only what is safe to show an
 * admin is in an entry: field names and short plain-text values, never file contents or secrets.
 */

export type AuditAction = "create" | "update" | "delete" | "toggle";
/** "pending": written before the upstream call, not completed yet, or never (the process ended first). */
export type AuditOutcome = "ok" | "failed" | "pending";

/**
 * What is kept of one changed field: short plain-text values (relations by their names, dates
 * day-month-year), rich text as the words added and removed, a file by its name, and the mere
 * fact for a secret (and for rich text in entries written before words were counted).
 */
export type FieldChange =
  | { field: string; label: string; kind: "text"; from: string | null; to: string }
  | { field: string; label: string; kind: "changed" }
  | { field: string; label: string; kind: "words"; added: number; removed: number; addedText: string; removedText: string }
  | { field: string; label: string; kind: "file"; name?: string };

export interface AuditRecord {
  actor: { id: string; email: string };
  /** The admin screen's URL segment, e.g. "activity". */
  resource: string;
  recordId: string | null;
  /** The record's title or name as the upstream stored it, where it could be read (an edit, a delete). */
  recordLabel?: string;
  action: AuditAction;
  outcome: AuditOutcome;
  /** The upstream's status of a failed change (0 or absent: no answer). */
  upstreamStatus?: number;
  changes: FieldChange[];
}

export interface AuditEntry extends AuditRecord {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
}

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: "Tambah",
  update: "Ubah",
  delete: "Hapus",
  toggle: "Ubah status",
};

function describeWords(change: Extract<FieldChange, { kind: "words" }>): string {
  const parts = [
    ...(change.added > 0 ? [`${change.added} kata ditambahkan ("${change.addedText}")`] : []),
    ...(change.removed > 0 ? [`${change.removed} kata dihapus ("${change.removedText}")`] : []),
  ];
  return parts.length > 0 ? parts.join(", ") : "format diubah";
}

function describeChange(change: FieldChange): string {
  if (change.kind === "file") return change.name ? `${change.label}: berkas baru "${change.name}"` : `${change.label}: berkas baru`;
  if (change.kind === "changed") return `${change.label}: diubah`;
  if (change.kind === "words") return `${change.label}: ${describeWords(change)}`;
  return change.from === null ? `${change.label}: "${change.to}"` : `${change.label}: "${change.from}" → "${change.to}"`;
}

/**
 * The outcome of an entry whose completion was never written (the upstream's answer came after
 * its pending entry, and the process ended or the log could not be written since): the change
 * may or may not have happened.
 */
export const UNKNOWN_OUTCOME = "Tidak diketahui (hasil belum tercatat)";

function outcomeText(entry: AuditEntry): string {
  if (entry.outcome === "ok") return "Berhasil";
  if (entry.outcome === "pending") return UNKNOWN_OUTCOME;
  return `Gagal${entry.upstreamStatus ? ` (${entry.upstreamStatus})` : ""}`;
}

/** The id of a record added when neither the upstream's answer nor its list named it. */
export const UNKNOWN_RECORD_ID = "tidak diketahui";

/** What an edit that changed no field shows in place of its changes. */
export const NO_CHANGE = "Tidak ada perubahan";

/** One entry as the table's cells and the export's columns show it. */
export interface AuditCells {
  [name: string]: string;
  at: string;
  actor: string;
  action: string;
  resource: string;
  recordId: string;
  recordLabel: string;
  changes: string;
  outcome: string;
}

export const AUDIT_COLUMNS: Array<{ header: string; accessor: keyof AuditCells & string }> = [
  { header: "Waktu", accessor: "at" },
  { header: "Admin", accessor: "actor" },
  { header: "Tindakan", accessor: "action" },
  { header: "Data", accessor: "resource" },
  { header: "ID", accessor: "recordId" },
  { header: "Nama", accessor: "recordLabel" },
  { header: "Perubahan", accessor: "changes" },
  { header: "Hasil", accessor: "outcome" },
];

/** `screenName` names a screen by its id, as the menu does (the registry knows the names). */
export function auditCells(entry: AuditEntry, screenName: (id: string) => string): AuditCells {
  return {
    at: formatJakartaDateTime(entry.at),
    actor: entry.actor.email,
    action: AUDIT_ACTION_LABELS[entry.action],
    resource: screenName(entry.resource),
    // A new record whose id neither the upstream's answer nor a read of its list gave (a failed add made none).
    recordId: entry.recordId ?? (entry.action === "create" && entry.outcome !== "failed" ? UNKNOWN_RECORD_ID : ""),
    recordLabel: entry.recordLabel ?? "",
    // An edit saved without changing anything is still an edit the upstream received: it says so.
    changes: entry.changes.length === 0 && entry.action === "update" ? NO_CHANGE : entry.changes.map(describeChange).join("\n"),
    outcome: outcomeText(entry),
  };
}
