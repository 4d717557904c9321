/**
 * The back-office's alert texts, word for word from spec §8 (its spellings and punctuation
 * included). The few the spec does not have are marked; they follow its wording.
 */
export const ADMIN_MESSAGES = {
  loadFailed: "Gagal mendapatkan data!",
  activitiesLoadFailed: "Gagal mendapatkan data kegiatan!",

  created: "Berhasil menambahkan data!",
  createFailed: "Gagal menambahkan data!",
  updated: "Berhasil mengubah data!",
  updateFailed: "Gagal mengubah data!",
  deleted: "Berhasil menghapus data!",
  /** Not in the spec: where it only logs a failed delete, the admin still needs to be told. */
  deleteFailed: "Gagal menghapus data!",

  activityCreated: "Berhasil menambah kegiatan!",
  activityCreateFailed: "Gagal menambah kegiatan!",
  activityUpdated: "Berhasil mengubah kegiatan!",
  activityUpdateFailed: "Gagal mengubah kegiatan!",
  activityDeleted: "Kegiatan berhasil dihapus!",
  activityDeleteFailed: "Gagal menghapus kegiatan!",

  officerCreated: "Berhasil menambah pejabat!",
  officerCreateFailed: "Gagal menambah pejabat!",

  confirmDelete: "Apakah anda yakin ingin menghapus data?",
  confirmDeleteShort: "Yakin akan menghapus data?",
  confirmDeleteWill: "Apakah anda yakin akan menghapus data?",
  confirmDeleteLibrary: "Apakah Anda yakin ingin menghapus perpustakaan ini?",
} as const;

/** Answers to a submission the server could not take at all (not in the spec). */
export const FORM_MESSAGES = {
  malformed: "Formulir tidak dapat dibaca. Silakan coba kirim ulang.",
  invalidRequest: "Permintaan tidak valid. Silakan muat ulang halaman.",
} as const;
