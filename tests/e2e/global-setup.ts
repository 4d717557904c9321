import type { TestProject } from "vitest/node";
import { startReferenceApi } from "../../reference-api/server.ts";
import { type Bff, bffEnv, removeDir, startBff, tempDir } from "./helpers/processes.ts";
import { DEMO_PASSWORD } from "./helpers/reference-api.ts";

/**
 * Two stacks for the whole end-to-end run, each one reference API (in this process) and one BFF
 * (a real `node server/index.ts` process, production mode, on the built app):
 * - the main one, with the reference API in its full answer shape;
 * - a second one with the reference API in the spec shape (`shape: "spec"`: only what spec §3/§7
 *   name, relations without ids, some ids as strings), against which the screens that read and
 *   edit records run too (tests/e2e/upstream-shapes.ts).
 * Tests `inject` their URLs.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** The BFF (the site), e.g. http://127.0.0.1:41234 */
    bffUrl: string;
    /** The reference API's origin (its routes are under /api), e.g. http://127.0.0.1:41235 */
    referenceApiUrl: string;
    /** A second BFF, in front of `specReferenceApiUrl`. */
    specBffUrl: string;
    /**
     * A second reference API (own data directory) answering in the spec shape; send the header
     * `X-Reference-Api-Shape: full` to read what it stored, ids included.
     */
    specReferenceApiUrl: string;
  }
}

type ReferenceApi = Awaited<ReturnType<typeof startReferenceApi>>;

interface Stack {
  referenceApi?: ReferenceApi;
  bff?: Bff;
  dataDirs: string[];
}

async function startStack(stack: Stack, name: string, shape: "full" | "spec"): Promise<{ referenceApi: ReferenceApi; bff: Bff }> {
  const referenceDataDir = await tempDir(`${name}reference-api`);
  stack.dataDirs.push(referenceDataDir);
  const bffDataDir = await tempDir(`${name}bff`);
  stack.dataDirs.push(bffDataDir);
  const referenceApi = await startReferenceApi({ dataDir: referenceDataDir, host: "127.0.0.1", port: 0, demoPassword: DEMO_PASSWORD, shape });
  stack.referenceApi = referenceApi;
  const bff = await startBff(bffEnv({ UPSTREAM_API_URL: referenceApi.url, DATA_DIR: bffDataDir }));
  stack.bff = bff;
  return { referenceApi, bff };
}

async function stopStack(stack: Stack): Promise<void> {
  try {
    if (stack.bff) {
      const exit = await stack.bff.proc.stop();
      if (exit.code !== 0) console.warn(`BFF exited with ${exit.code ?? exit.signal}\n${stack.bff.proc.stderr()}`);
    }
  } finally {
    await stack.referenceApi?.close();
    for (const dir of stack.dataDirs) await removeDir(dir);
  }
}

export default async function setup(project: TestProject) {
  const main: Stack = { dataDirs: [] };
  const spec: Stack = { dataDirs: [] };
  // Both stacks are stopped and removed even when one of them fails to stop cleanly.
  const teardown = async () => {
    const stopped = await Promise.allSettled([stopStack(main), stopStack(spec)]);
    const failure = stopped.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
  };

  // Started side by side; if either fails, both are stopped once neither is still starting.
  const started = await Promise.allSettled([startStack(main, "", "full"), startStack(spec, "spec-", "spec")]);
  const failure = started.find((result) => result.status === "rejected");
  if (failure) {
    await teardown().catch((stopError: unknown) => console.warn(`stopping the end-to-end stacks failed too: ${String(stopError)}`));
    throw failure.reason;
  }
  const [full, shaped] = started.map((result) => (result as PromiseFulfilledResult<Awaited<ReturnType<typeof startStack>>>).value);
  project.provide("bffUrl", full.bff.url);
  project.provide("referenceApiUrl", full.referenceApi.url);
  project.provide("specBffUrl", shaped.bff.url);
  project.provide("specReferenceApiUrl", shaped.referenceApi.url);
  return teardown;
}
