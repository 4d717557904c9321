import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildIfStale } from "./build-if-stale.ts";

/**
 * `npm start`: builds when the build is missing or older than the sources, starts the embedded
 * reference API when no UPSTREAM_API_URL is set (demo mode), then runs the site in this process.
 * One Ctrl-C stops both.
 */

/** Demo mode keeps its session secret in the data directory, so a restart keeps admins logged in. */
function demoSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const buildStatus = buildIfStale();
if (buildStatus !== 0) process.exit(buildStatus);

const { exitOnStartFailure, logUnexpectedFailures, startServer, stopOnSignal } = await import("../server/index.ts");
const { ownerOnlyFromNowOn } = await import("../server/data-dir.server.ts");
logUnexpectedFailures();
// The demo's DATA_DIR, its session secret and its reference API's files owner-only too (the build above keeps the usual modes).
ownerOnlyFromNowOn();

let stopReferenceApi = async () => {};
const demoMode = !process.env.UPSTREAM_API_URL;
try {
  if (demoMode) {
    const { startReferenceApi } = await import("../reference-api/server.ts");
    const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
    const referenceApi = await startReferenceApi({
      dataDir,
      host: "127.0.0.1",
      port: Number(process.env.REFERENCE_API_PORT ?? 0),
      demoPassword: process.env.DEMO_PASSWORD,
    });
    stopReferenceApi = referenceApi.close;
    process.env.UPSTREAM_API_URL = referenceApi.url;
    process.env.SESSION_SECRET ??= demoSessionSecret(dataDir);
    // Koleksi Digital reads the catalogue with the demo's role-1 account (DEMO_USERS).
    if (!process.env.CATALOGUE_READER_EMAIL && !process.env.CATALOGUE_READER_PASSWORD) {
      const { DEMO_USERS, demoPasswordFromEnv } = await import("../reference-api/demo-users.ts");
      process.env.CATALOGUE_READER_EMAIL = DEMO_USERS.find((user) => user.role === 1)!.email;
      process.env.CATALOGUE_READER_PASSWORD = demoPasswordFromEnv();
    }
    console.log(`Reference API (demo upstream) at ${referenceApi.url}/api, data in ${dataDir}`);
  }

  const running = await startServer();
  stopOnSignal(running, () => stopReferenceApi());
  console.log(`\nThe site is running at ${running.url}  (admin: ${running.url}/login)`);
  if (demoMode) {
    const { DEMO_USERS } = await import("../reference-api/demo-users.ts");
    const password = process.env.DEMO_PASSWORD ?? "demo12345";
    console.log("Demo logins (for demonstration only; never use them on a real deployment):");
    for (const user of DEMO_USERS) console.log(`  ${user.email.padEnd(28)} ${password}   role ${user.role}: ${user.description}`);
  }
  console.log("Press Ctrl-C to stop.\n");
} catch (error) {
  await stopReferenceApi();
  exitOnStartFailure(error);
}
