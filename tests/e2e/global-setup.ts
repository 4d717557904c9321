import { availableParallelism } from "node:os";
import type { TestProject } from "vitest/node";
import { startReferenceApi } from "../../reference-api/server.ts";
import { type Bff, bffEnv, removeDir, startBff, tempDir } from "./helpers/processes.ts";
import { DEMO_PASSWORD } from "./helpers/reference-api.ts";

/**
 * The end-to-end files run in parallel workers (vitest's forks pool, `maxWorkers` in
 * vitest.config.ts), and each worker has stacks of its own, so that a file that adds, edits or
 * deletes records never meets another worker's. For each worker slot (`VITEST_POOL_ID`, 1 to the
 * number of workers) this setup starts two stacks, each one reference API (in this process, own
 * data directory) and one BFF (a real `node server/index.ts` process, production mode, on the
 * built app), all on free loopback ports:
 * - the main one, with the reference API in its full answer shape;
 * - a second one with the reference API in the spec shape (`shape: "spec"`: only what spec §3/§7
 *   name, relations without ids, some ids as strings), against which the screens that read and
 *   edit records run too (tests/e2e/upstream-shapes.ts).
 * The stacks live for the whole run: the files a worker runs one after another share its stacks,
 * as every file shared the one stack before the run was parallel. Tests find their worker's
 * addresses with `mainStack()` / `specStack()` (tests/e2e/helpers/stacks.ts).
 */

/** The addresses of one worker's two stacks. */
export interface WorkerStacks {
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

declare module "vitest" {
  export interface ProvidedContext {
    /** Worker slot `VITEST_POOL_ID` uses entry `VITEST_POOL_ID - 1`. */
    e2eStacks: WorkerStacks[];
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
  const bff = await startBff(bffEnv({ UPSTREAM_API_URL: referenceApi.url, DATA_DIR: bffDataDir }), 60_000);
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

/**
 * How many workers vitest's forks pool runs at once, hence the slots `VITEST_POOL_ID` takes
 * (vitest 3.2's rule: one when the project is `singleFork` or file parallelism is off, else
 * `poolOptions.forks.maxForks`, else `maxWorkers`, else the cores less one).
 */
function workerSlots(project: TestProject): number {
  const config = project.vitest.config;
  if (project.config.poolOptions?.forks?.singleFork || !config.fileParallelism) return 1;
  const slots = config.poolOptions?.forks?.maxForks ?? config.maxWorkers ?? Math.max(availableParallelism() - 1, 1);
  if (typeof slots !== "number" || !(slots >= 1)) throw new Error(`e2e global setup: cannot tell the number of workers from ${String(slots)}`);
  return slots;
}

export default async function setup(project: TestProject) {
  const slots = workerSlots(project);
  const stacks = Array.from({ length: slots }, (_, index) => ({ main: { dataDirs: [] } as Stack, spec: { dataDirs: [] } as Stack, index }));
  // Every stack is stopped and removed even when one of them fails to stop cleanly.
  const teardown = async () => {
    const stopped = await Promise.allSettled(stacks.flatMap(({ main, spec }) => [stopStack(main), stopStack(spec)]));
    const failure = stopped.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
  };

  // Started side by side; if any fails, all are stopped once none is still starting.
  const started = await Promise.allSettled(
    stacks.map(async ({ main, spec, index }) => {
      const [full, shaped] = await Promise.all([startStack(main, `w${index + 1}-`, "full"), startStack(spec, `w${index + 1}-spec-`, "spec")]);
      return { bffUrl: full.bff.url, referenceApiUrl: full.referenceApi.url, specBffUrl: shaped.bff.url, specReferenceApiUrl: shaped.referenceApi.url };
    }),
  );
  const failure = started.find((result) => result.status === "rejected");
  if (failure) {
    await teardown().catch((stopError: unknown) => console.warn(`stopping the end-to-end stacks failed too: ${String(stopError)}`));
    throw failure.reason;
  }
  project.provide(
    "e2eStacks",
    started.map((result) => (result as PromiseFulfilledResult<WorkerStacks>).value),
  );
  return teardown;
}
