/**
 * The desk (`/admin`, "Ringkasan") as both sides read it: what its blocks hold and what they say.
 * The server reads it (app/admin-kit/server/desk.server.ts), app/components/admin/Desk.tsx shows it.
 */

/** One list's line: its size (null when it could not be read), where it is, and where to add to it. */
export interface DeskList {
  id: string;
  alias: string;
  href: string;
  total: number | null;
  addHref?: string;
}

/** One thing that needs the librarian, with where to see it. */
export interface DeskTask {
  id: string;
  text: string;
  href?: string;
}

export interface DeskChange {
  id: string;
  at: string;
  actor: string;
  action: string;
  screen: string;
  label: string;
  outcome: string;
  /** The record's edit form, while it may still exist (not after its delete). */
  href?: string;
}

/** A block's content, or why it could not be read. */
export type DeskBlock<T> = { items: T[] } | { failed: string };

export interface DeskData {
  lists: DeskList[];
  tasks: DeskBlock<DeskTask>;
  changes: DeskBlock<DeskChange>;
  upstream: { state: "ok" | "slow" | "unreachable"; text: string };
}

export const DESK_TEXTS = {
  upstream: { ok: "Terhubung", slow: "Lambat menjawab", unreachable: "Tidak dapat dihubungi" },
  upstreamHeading: "Layanan data (API)",
  lists: "Data",
  count: "Jumlah",
  add: "Tambah",
  listFailed: "Gagal dibaca",
  tasks: "Perlu ditindaklanjuti",
  nothingToDo: "Tidak ada yang perlu ditindaklanjuti.",
  changes: "Perubahan terakhir",
  noChanges: "Belum ada perubahan yang tercatat.",
  allChanges: "Semua perubahan",
} as const;
