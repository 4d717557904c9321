/** Indonesian texts shown to visitors and admins, word for word from spec §8 where the spec has them. */
export const MESSAGES = {
  loginFailed: "Login gagal periksa kembali email dan password kamu!",
  loginThrottled: "Terlalu banyak percobaan login yang gagal. Silakan coba lagi dalam 15 menit.",
  upstreamUnavailable: "Layanan sedang tidak dapat dihubungi. Silakan coba beberapa saat lagi.",
  pageNotFound: "Halaman yang Anda cari tidak ditemukan.",
} as const;
