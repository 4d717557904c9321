import { buildIfStale } from "../../scripts/build-if-stale.ts";

/** The suites attack the built app: build it first when it is missing or older than the sources. */
export default function setup() {
  const status = buildIfStale();
  if (status !== 0) throw new Error(`the build failed (exit ${status})`);
}
