import type { TestProject } from "vitest/node";
import { startReferenceApi } from "../../reference-api/server.ts";
import { bffEnv, DEMO_PASSWORD, removeDir, startBff, tempDir, type Bff } from "./support.ts";

/**
 * One reference API (in this process) and one BFF (a real `node server/index.ts` process,
 * production mode, on the built app) for the whole end-to-end run. Tests `inject` their URLs.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** The BFF (the site), e.g. http://127.0.0.1:41234 */
    bffUrl: string;
    /** The reference API's origin (its routes are under /api), e.g. http://127.0.0.1:41235 */
    referenceApiUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const referenceDataDir = await tempDir("reference-api");
  const bffDataDir = await tempDir("bff");
  let referenceApi: Awaited<ReturnType<typeof startReferenceApi>> | undefined;
  let bff: Bff | undefined;

  const teardown = async () => {
    if (bff) {
      const exit = await bff.proc.stop();
      if (exit.code !== 0) console.warn(`BFF exited with ${exit.code ?? exit.signal}\n${bff.proc.stderr()}`);
    }
    await referenceApi?.close();
    await removeDir(referenceDataDir);
    await removeDir(bffDataDir);
  };

  try {
    referenceApi = await startReferenceApi({ dataDir: referenceDataDir, host: "127.0.0.1", port: 0, demoPassword: DEMO_PASSWORD });
    bff = await startBff(bffEnv({ UPSTREAM_API_URL: referenceApi.url, DATA_DIR: bffDataDir }));
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide("bffUrl", bff.url);
  project.provide("referenceApiUrl", referenceApi.url);
  return teardown;
}
