import { spawnSync } from "node:child_process";
import { PROJECT_ROOT } from "./helpers/processes.ts";

/** Before any end-to-end test: the app is built when its build is older than its sources (scripts/build-if-stale.ts). */
export default function globalSetup(): void {
  const build = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-if-stale.ts"], { cwd: PROJECT_ROOT, stdio: "inherit" });
  if (build.status !== 0) throw new Error(`the build failed (${build.status ?? build.signal})`);
}
