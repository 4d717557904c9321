import { randomBytes } from "node:crypto";
import { mkdir, readdir, unlink } from "node:fs/promises";
import { join } from "node:path";

/** The two public file areas: `/files/{name}` and `/covers/{name}` (book, genre and tag covers). */
export type StorageArea = "files" | "covers";

/** Names this API hands out, and the only names the file routes will serve. */
export const STORED_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** In-progress uploads are dotfiles, so they can never match STORED_NAME_PATTERN. */
const TEMP_PREFIX = ".upload-";

export class Storage {
  private readonly dirs: Record<StorageArea, string>;

  readonly dataDir: string;

  constructor(dataDir: string) {
    this.dataDir = dataDir;
    this.dirs = { files: join(dataDir, "files"), covers: join(dataDir, "covers") };
  }

  dir(area: StorageArea): string {
    return this.dirs[area];
  }

  path(area: StorageArea, name: string): string {
    return join(this.dirs[area], name);
  }

  tempPath(area: StorageArea): string {
    return join(this.dirs[area], `${TEMP_PREFIX}${randomBytes(12).toString("hex")}.part`);
  }

  /** Creates the folders and removes uploads a crash left half-written. */
  async prepare(): Promise<void> {
    for (const dir of Object.values(this.dirs)) {
      await mkdir(dir, { recursive: true });
      for (const name of await readdir(dir)) {
        if (name.startsWith(TEMP_PREFIX)) await removeFile(join(dir, name));
      }
    }
  }

  /** Deletes a stored file; a name that was never ours (empty, foreign) is ignored. */
  async remove(area: StorageArea, name: string): Promise<void> {
    if (STORED_NAME_PATTERN.test(name)) await removeFile(this.path(area, name));
  }
}

export function newStoredName(extension: string): string {
  return `${Date.now().toString(36)}-${randomBytes(8).toString("hex")}.${extension}`;
}

/**
 * Removes a file that is no longer referenced. A failure is logged, not thrown: the record
 * change it follows has already succeeded, and a leftover file harms nobody.
 */
export async function removeFile(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT") console.error(`reference-api: could not delete ${path}: ${code ?? String(error)}`);
  }
}
