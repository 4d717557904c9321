/**
 * No lost update: an edit form carries what it showed, and a save merges the admin's changes
 * with the record as the upstream holds it now (app/admin-kit/server/screen/merge.server.ts).
 * A field both the admin and someone else changed is not written until the admin chooses.
 * These are the names and texts both sides use.
 */

/** The hidden field that says what the form showed: a digest of each field's value. */
export const SHOWN_FIELD = "_shown";

/** The admin's choice for a field changed on both sides: `${CHOICE_FIELD_PREFIX}${field}`. */
export const CHOICE_FIELD_PREFIX = "_choice_";
export type ConflictChoice = "mine" | "theirs";

export const CONFLICT_MESSAGES = {
  notice: "Data ini diubah di tempat lain sejak formulir dibuka",
  howToChoose: "Pilih nilai yang disimpan untuk setiap isian yang ditandai, lalu simpan lagi. Isian lain sudah memakai data terbaru.",
  legend: "Diubah di dua tempat",
  keepMine: "Pakai isian saya",
  takeTheirs: "Pakai yang tersimpan sekarang",
  empty: "(kosong)",
  /** The record is no longer upstream when the form is saved. */
  gone: "Data ini sudah dihapus di tempat lain; perubahan tidak disimpan.",
  /** The record an edit form was asked for is not upstream (deleted elsewhere, or a stale link). */
  missing: "Data yang akan diubah tidak ditemukan; mungkin sudah dihapus di tempat lain.",
} as const;

/** A field changed both in the form and elsewhere since it opened, each value as the admin reads it. */
export interface ConflictingField {
  name: string;
  label: string;
  mine: string;
  theirs: string;
}

/** What a save answers when fields conflict: the form comes back merged, showing the record as now stored. */
export interface EditConflict {
  fields: ConflictingField[];
  /** The digest of the record as stored now: the form's new `SHOWN_FIELD`. */
  shown: string;
}
