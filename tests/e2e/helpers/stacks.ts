import { inject } from "vitest";
import type { WorkerStacks } from "../global-setup.ts";

/**
 * The stacks of the worker running this file (started by tests/e2e/global-setup.ts, one pair per
 * worker slot): files in other workers run against stacks of their own, so the records a test
 * adds or deletes are seen only by the files of its worker, which run one after another.
 */
export function workerStacks(): WorkerStacks {
  const stacks = inject("e2eStacks");
  const slot = Number(process.env.VITEST_POOL_ID ?? "1");
  const stack = stacks[slot - 1];
  if (!stack) throw new Error(`no end-to-end stack for worker slot ${slot} (the global setup started ${stacks.length})`);
  return stack;
}

/** The main stack of this worker: the site in front of the reference API in its full shape. */
export function mainStack(): { bffUrl: string; referenceApiUrl: string } {
  const { bffUrl, referenceApiUrl } = workerStacks();
  return { bffUrl, referenceApiUrl };
}

/** The second stack of this worker: a site in front of a reference API in the spec shape. */
export function specStack(): { bffUrl: string; referenceApiUrl: string } {
  const { specBffUrl, specReferenceApiUrl } = workerStacks();
  return { bffUrl: specBffUrl, referenceApiUrl: specReferenceApiUrl };
}
