import express, { type Request, type Response } from "express";
import { requireAdmin } from "../auth.ts";
import { handler, requestOrigin, type ApiContext } from "../context.ts";
import { HttpError } from "../errors.ts";
import type { FileKind } from "../file-types.ts";
import { receiveMultipart } from "../multipart.ts";

/**
 * Stand-alone uploads for videos (spec §7): each stores one file under /files and answers
 * 201 with its absolute address, which the client then puts into a video record.
 */
const UPLOADS: Array<{ path: string; field: string; kind: FileKind; label: string; responseKey: string }> = [
  { path: "/upload/video", field: "video", kind: "video", label: "video", responseKey: "video_url" },
  { path: "/upload/thumbnail", field: "thumbnail", kind: "image", label: "thumbnail", responseKey: "thumbnail_url" },
  {
    path: "/upload/video-background",
    field: "background",
    kind: "image",
    label: "latar belakang",
    responseKey: "background_url",
  },
];

export function uploadRoutes(context: ApiContext): express.Router {
  const router = express.Router();
  const admin = requireAdmin(context.db);

  for (const { path, field, kind, label, responseKey } of UPLOADS) {
    router.post(
      path,
      admin,
      handler(context, async (req: Request, res: Response) => {
        const rules = { [field]: { area: "files" as const, kind, label } };
        const upload = await receiveMultipart(req, context.storage, rules, context.maxUploadBytes);
        let storedName: string;
        try {
          if (!upload.hasFile(field)) throw new HttpError(400, `Berkas ${label} wajib diunggah`);
          storedName = (await upload.commit())[field];
        } catch (error) {
          await upload.discard();
          throw error;
        }
        res.status(201).json({ [responseKey]: `${requestOrigin(req)}/files/${storedName}` });
      }),
    );
  }
  return router;
}
