import { inject } from "vitest";

/** The addresses of the main stack the end-to-end global setup started (tests/e2e/global-setup.ts). */
export function mainStack(): { bffUrl: string; referenceApiUrl: string } {
  return { bffUrl: inject("bffUrl"), referenceApiUrl: inject("referenceApiUrl") };
}
