import { stat } from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * The public PDFs (`/renja.pdf`, …) at their one address: the copy an admin put in DATA_DIR's
 * documents folder when there is one (app/platform/documents.server.ts writes it, by rename, so
 * it is always whole), else the one deployed in public/. Placed before public/'s static files so
 * that a replaced document is never served stale. express's `res.sendFile` (send) answers with
 * Content-Type, Last-Modified, 304 and Range; the ETag is set here, strong (size and mtime: a
 * replacement is a new file), and the cache is short, so that a replacement reaches visitors
 * within minutes. A visitor already reading the old file keeps its open descriptor across the
 * rename and gets the old file whole.
 */

const DOCUMENT_PATH = /^\/([a-z0-9][a-z0-9_-]*)\.pdf$/;
/** How long a browser or proxy may keep a document before asking again (with its ETag). */
export const DOCUMENT_MAX_AGE_SECONDS = 300;

async function fileStats(file: string) {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

export function publicDocuments({ documentsDir, publicDir }: { documentsDir: string; publicDir: string }): RequestHandler {
  return (req, res, next) => {
    const name = DOCUMENT_PATH.exec(req.path)?.[1];
    if (!name || (req.method !== "GET" && req.method !== "HEAD")) {
      next();
      return;
    }
    const fileName = `${name}.pdf`;
    void (async () => {
      for (const folder of [documentsDir, publicDir]) {
        const file = path.join(folder, fileName);
        const stats = await fileStats(file);
        if (!stats) continue;
        res.setHeader("ETag", `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`);
        res.sendFile(file, { maxAge: DOCUMENT_MAX_AGE_SECONDS * 1000, dotfiles: "deny" }, (error) => {
          // A client that went away mid-file is no error of ours; anything else is the next handler's.
          if (error && !res.headersSent) next(error);
        });
        return;
      }
      next();
    })().catch(next);
  };
}
