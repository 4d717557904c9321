/**
 * The back-office's alert texts that every screen may use, word for word from spec §8 (its
 * spellings and punctuation included). The few the spec does not have are marked; they follow
 * its wording. A resource's own texts (the activities', the banners', its delete question) are
 * in its declaration (app/resources/<name>/<name>.ts).
 */
export const ADMIN_MESSAGES = {
  loadFailed: "Gagal mendapatkan data!",

  created: "Berhasil menambahkan data!",
  createFailed: "Gagal menambahkan data!",
  updated: "Berhasil mengubah data!",
  updateFailed: "Gagal mengubah data!",
  deleted: "Berhasil menghapus data!",
  /** Not in the spec: where it only logs a failed delete, the admin still needs to be told. */
  deleteFailed: "Gagal menghapus data!",
  /** Not in the spec: a write the upstream did not answer in time may have been made; trying again blindly would make it twice. */
  writeOutcomeUnknown: "Server tidak menjawab tepat waktu, sehingga belum diketahui apakah perubahan ini tersimpan. Periksa daftarnya sebelum mencoba lagi.",

  confirmDelete: "Apakah anda yakin ingin menghapus data?",
  confirmDeleteShort: "Yakin akan menghapus data?",
  confirmDeleteWill: "Apakah anda yakin akan menghapus data?",
} as const;

/**
 * The generic alerts of spec §8. Screens whose failures the spec only writes to the console use
 * them as they are, so the admin is told (design.md); screens with texts of their own override some.
 */
export const GENERIC_SCREEN_MESSAGES = {
  loadFailed: ADMIN_MESSAGES.loadFailed,
  created: ADMIN_MESSAGES.created,
  createFailed: ADMIN_MESSAGES.createFailed,
  updated: ADMIN_MESSAGES.updated,
  updateFailed: ADMIN_MESSAGES.updateFailed,
  deleted: ADMIN_MESSAGES.deleted,
  deleteFailed: ADMIN_MESSAGES.deleteFailed,
} as const;

/** Answers to a submission the server could not take at all (not in the spec). */
export const FORM_MESSAGES = {
  malformed: "Formulir tidak dapat dibaca. Silakan coba kirim ulang.",
  invalidRequest: "Permintaan tidak valid. Silakan muat ulang halaman.",
  /** A second record for a screen of one (a stale tab's add form). */
  onlyRecordExists: "Data ini sudah ada. Silakan muat ulang halaman untuk mengubahnya.",
} as const;
