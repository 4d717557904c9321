import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Which release a process runs, written beside the server build by `npm run build`
 * (`build/server/version.json`) and named in its start line: a release copied to a server
 * need not be a git checkout, so the build records the commit while it still can.
 */

export const BUILD_VERSION_FILE = "version.json";

export interface BuildVersion {
  /** package.json's version. */
  version: string;
  /** The commit built, with "+changes" when the tree had uncommitted changes; undefined outside git. */
  commit?: string;
  builtAt: string;
}

/** What is being built now, from the project at `root`. */
export function currentBuildVersion(root: string): BuildVersion {
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  const git = (...args: string[]) => {
    const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
    return result.status === 0 ? result.stdout.trim() : undefined;
  };
  const head = git("rev-parse", "--short=12", "HEAD");
  const changed = head !== undefined && git("status", "--porcelain", "--untracked-files=no") !== "";
  return { version, commit: head && (changed ? `${head}+changes` : head), builtAt: new Date().toISOString() };
}

/** The version a server build was made from, or an unknown one for a build older than this file. */
export function readBuildVersion(serverBuildDir: string): BuildVersion {
  try {
    return JSON.parse(readFileSync(path.join(serverBuildDir, BUILD_VERSION_FILE), "utf8")) as BuildVersion;
  } catch {
    return { version: "unknown", builtAt: "unknown" };
  }
}
