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

  bannerCreated: "Berhasil menambahkan banner",
  bannerCreateFailed: "Gagal menambahkan banner",
  bannerUpdated: "Berhasil mengubah banner",
  bannerUpdateFailed: "Gagal mengubah banner",
  bannerDeleted: "Berhasil menghapus banner",
  bannerDeleteFailed: "Gagal menghapus banner",

  bookCreateFailed: "Terjadi kesalahan saat menambah buku!",
  bookUpdateFailed: "Terjadi kesalahan saat mengedit buku!",
  bookDeleteFailed: "Terjadi kesalahan saat menghapus buku!",
  publishersLookupFailed: "Terjadi kesalahan saat mengambil data penerbit!",
  classificationsLookupFailed: "Terjadi kesalahan saat mengambil data kasifikasi!",
  authorsLookupFailed: "Terjadi kesalahan saat mengambil data pengarang!",
  genresLookupFailed: "Terjadi kesalahan saat mengambil data genre!",
  tagsLookupFailed: "Terjadi kesalahan saat mengambil data tag!",

  /** Not in the spec (it only logs video failures): which step of saving a video failed. */
  videoUploadFailed: "Gagal mengunggah video",
  thumbnailUploadFailed: "Gagal mengunggah thumbnail",
  backgroundUploadFailed: "Gagal mengunggah gambar latar",
  videoRecordFailed: "Berkas sudah terunggah, tetapi data video gagal disimpan",

  confirmDelete: "Apakah anda yakin ingin menghapus data?",
  confirmDeleteShort: "Yakin akan menghapus data?",
  confirmDeleteWill: "Apakah anda yakin akan menghapus data?",
  confirmDeleteLibrary: "Apakah Anda yakin ingin menghapus perpustakaan ini?",
  /** Spec §8 asks these in English. */
  confirmDeleteVideo: "Are you sure you want to delete this video?",
  confirmDeleteGenre: "Are you sure you want to delete this genre?",
  confirmDeleteTag: "Are you sure you want to delete this tag?",
  confirmDeleteClassification: "Are you sure you want to delete this classification?",
  confirmDeleteAuthor: "Are you sure you want to delete this author?",
  confirmDeletePublisher: "Are you sure you want to delete this publisher?",
} as const;

/**
 * The generic alerts of spec §8. Screens whose failures the spec only writes to the console
 * (genres, tags, classifications, authors, publishers, videos) use them as they are, so the admin
 * is told (design.md); screens with texts of their own override some.
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
} as const;
