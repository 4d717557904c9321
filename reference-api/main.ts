/**
 * `npm run api`: runs the reference API alone.
 * Env: REFERENCE_API_PORT (default 4000, 0 = any free port), REFERENCE_API_HOST (default
 * 127.0.0.1), DATA_DIR (default ./data), DEMO_PASSWORD, REFERENCE_API_MAX_UPLOAD_BYTES.
 */
import { DEFAULT_HOST, DEFAULT_PORT, maxUploadBytesFromEnv, startReferenceApi } from "./server.ts";
import { demoPasswordFromEnv } from "./demo-users.ts";

function portFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw === "") return DEFAULT_PORT;
  const port = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || port > 65535) {
    throw new Error(`REFERENCE_API_PORT must be a port number between 0 and 65535, got "${raw}"`);
  }
  return port;
}

async function main(): Promise<void> {
  const api = await startReferenceApi({
    dataDir: process.env.DATA_DIR || "./data",
    host: process.env.REFERENCE_API_HOST || DEFAULT_HOST,
    port: portFromEnv(process.env.REFERENCE_API_PORT),
    demoPassword: demoPasswordFromEnv(),
    maxUploadBytes: maxUploadBytesFromEnv(),
    logRequests: true,
  });
  console.log(`reference-api listening on ${api.url}`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`reference-api: failed to close cleanly: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(`reference-api: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
