/** Indonesian texts shown to visitors and admins, word for word from spec §8 where the spec has them. */
export const MESSAGES = {
  loginFailed: "Login gagal periksa kembali email dan password kamu!",
  /** `wait` is the configured window, e.g. "15 menit" (app/platform/login-throttle.server.ts, waitText). */
  loginBusy: "Server sedang membatasi percobaan login. Silakan coba lagi sebentar lagi.",
  loginThrottled: (wait: string) => `Terlalu banyak percobaan login yang gagal. Silakan coba lagi dalam ${wait}.`,
  upstreamUnavailable: "Layanan sedang tidak dapat dihubungi. Silakan coba beberapa saat lagi.",
  pageNotFound: "Halaman yang Anda cari tidak ditemukan.",
} as const;
