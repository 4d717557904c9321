import { randomBytes } from "node:crypto";
import { mkdir, open, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getConfig } from "@server/config.server";
import { dataPaths } from "@server/data-dir.server";
import { clearResource, knowResources, readsResource, type CachedResource } from "./cache.server.ts";

/**
 * The public documents (PDFs at `/<name>.pdf`) an admin may replace without a redeploy: the
 * replacement is kept in DATA_DIR's documents folder, shared by every process, and served there
 * before the deployed copy in public/ (server/public-documents.server.ts). A replacement is
 * written to a temporary file beside the old one, flushed to disk, then renamed over it: the
 * folder holds the old file whole until the new one is whole, and a visitor reading the old one
 * keeps reading it. Pages that show a document's date read it through `readsResource`, so that a
 * replacement clears them from the whole-page cache on every process.
 */

/** What a replacement clears: the pages that show the documents' dates. */
export const DOCUMENTS_CACHE: CachedResource = { name: "dokumen" };
// Another process's clear of it then clears its pages alone, not everything.
knowResources([DOCUMENTS_CACHE]);

/**
 * public/ in the repository. This module sits two folders below the root both as source
 * (app/platform/) and as built (build/server/index.js).
 */
const PUBLIC_DIR = fileURLToPath(new URL("../../public/", import.meta.url));

export interface DocumentVersion {
  size: number;
  /** ISO 8601: when this version was written. */
  updatedAt: string;
  /** Whether an admin replaced the deployed copy. */
  replaced: boolean;
}

const fileName = (name: string) => `${name}.pdf`;

function documentsFolder(): string {
  return dataPaths(getConfig()).documents;
}

async function versionAt(file: string, replaced: boolean): Promise<DocumentVersion | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? { size: stats.size, updatedAt: stats.mtime.toISOString(), replaced } : undefined;
  } catch {
    return undefined;
  }
}

/** The version visitors get now at `/<name>.pdf`, or undefined when there is none. */
export async function currentDocument(name: string): Promise<DocumentVersion | undefined> {
  readsResource(DOCUMENTS_CACHE);
  return (await versionAt(path.join(documentsFolder(), fileName(name)), true)) ?? (await versionAt(path.join(PUBLIC_DIR, fileName(name)), false));
}

/**
 * Writes `bytes` as the new `/<name>.pdf`, atomically (see the top), and clears the pages that
 * show it. A failure of `bytes` (a refused file, a client gone) leaves the old version and no
 * temporary file. Resolves to the new version's size.
 */
export async function replaceDocument(name: string, bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<number> {
  const folder = documentsFolder();
  await mkdir(folder, { recursive: true });
  const target = path.join(folder, fileName(name));
  const temporary = path.join(folder, `.${fileName(name)}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temporary, "wx");
  let size = 0;
  try {
    try {
      for await (const chunk of bytes) {
        await handle.write(chunk);
        size += chunk.byteLength;
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  await syncFolder(folder);
  clearResource(DOCUMENTS_CACHE);
  return size;
}

/** The rename itself made durable (a crash right after it keeps the new name). */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a folder; the rename stands regardless.
  } finally {
    await handle.close();
  }
}
