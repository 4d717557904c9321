/**
 * Demo accounts created in a new reference-api database. For local use and tests only: the
 * password is public, so never expose a seeded instance to a network others can reach.
 */
export interface DemoUser {
  email: string;
  name: string;
  role: number;
  description: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: "admin@dispusip.local",
    name: "Admin Dinas",
    role: 2,
    description: "Admin (role 2): mengelola seluruh konten website dan katalog",
  },
  {
    email: "superadmin@dispusip.local",
    name: "Super Admin",
    role: 3,
    description: "Super admin (role 3): hak yang sama dengan admin",
  },
  {
    email: "staf@dispusip.local",
    name: "Staf Pelayanan",
    role: 1,
    description: "Staf (role 1): bisa login, tetapi tidak boleh masuk ke halaman admin",
  },
];

export const DEFAULT_DEMO_PASSWORD = "demo12345";

/** DEMO_PASSWORD from the environment, else the default. */
export function demoPasswordFromEnv(env: Record<string, string | undefined> = process.env): string {
  return env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
}
