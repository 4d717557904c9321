import { request } from "./sessions";

/** tus's `Upload-Metadata` header: each key with its value in base64, comma-separated. */
export function tusMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");
}

/** The route module of one resumable upload, as a test imports it (after its environment is set). */
type UploadRoute = typeof import("~/routes/admin.uploads.$uploadId");
const TUS = { "Tus-Resumable": "1.0.0" };
const context = { clientIp: "127.0.0.1" };

/** Bytes of upload `id` from `offset` on, sent to its route as the browser sends them (a POST naming PATCH). */
export async function sendPiece(route: UploadRoute, id: string, offset: number, bytes: Uint8Array, cookie: string): Promise<Response> {
  return (await route.action({
    request: request(`/admin/uploads/${id}`, {
      method: "POST",
      cookie,
      headers: { ...TUS, "X-HTTP-Method-Override": "PATCH", "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
      body: Buffer.from(bytes),
    }),
    params: { uploadId: id },
    context,
  })) as Response;
}

/** Cancels upload `id` (DELETE, sent as a POST naming it). */
export async function cancelUpload(route: UploadRoute, id: string, cookie: string): Promise<Response> {
  return (await route.action({
    request: request(`/admin/uploads/${id}`, { method: "POST", cookie, headers: { ...TUS, "X-HTTP-Method-Override": "DELETE" } }),
    params: { uploadId: id },
    context,
  })) as Response;
}
