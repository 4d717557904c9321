import type { ErrorRequestHandler, RequestHandler } from "express";

/** An error whose status and (Indonesian) message are meant for the client. */
export class HttpError extends Error {
  readonly status: number;

  constructor(
    status: number,
    message: string,
  ) {
    super(message);
    this.status = status;
    this.name = "HttpError";
  }
}

export const NOT_FOUND_MESSAGE = "Data tidak ditemukan";

export const notFoundRoute: RequestHandler = (_req, res) => {
  res.status(404).json({ error: "Alamat tidak ditemukan" });
};

/** Errors thrown by Express's own body parser carry a `type`; map the ones a client can cause. */
function clientErrorFromBodyParser(error: unknown): HttpError | undefined {
  if (typeof error !== "object" || error === null || !("type" in error)) return undefined;
  switch (error.type) {
    case "entity.parse.failed":
      return new HttpError(400, "Format JSON tidak valid");
    case "entity.too.large":
      return new HttpError(413, "Ukuran data melebihi batas yang diizinkan");
    case "encoding.unsupported":
    case "charset.unsupported":
      return new HttpError(415, "Pengodean karakter tidak didukung");
    case "request.aborted":
      return new HttpError(400, "Permintaan dibatalkan");
    default:
      return new HttpError(400, "Permintaan tidak valid");
  }
}

/** Express marks its own client-side failures (e.g. an undecodable URL parameter) with a 4xx status. */
function clientErrorFromStatus(error: unknown): HttpError | undefined {
  if (typeof error !== "object" || error === null || !("status" in error)) return undefined;
  const status = error.status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    return new HttpError(400, "Permintaan tidak valid");
  }
  return undefined;
}

/**
 * The last handler: every failure becomes `{ "error": "..." }`. Anything unexpected is logged
 * for the operator and answered with a generic 500, never with a stack trace.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const known =
    error instanceof HttpError ? error : (clientErrorFromBodyParser(error) ?? clientErrorFromStatus(error));
  // A visitor who leaves while a file is being sent is not a server fault.
  const clientLeft = (error as { code?: string } | null)?.code === "ECONNABORTED" || req.destroyed;
  if (!known && !clientLeft) {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`reference-api: unexpected error on ${req.method} ${req.path}: ${detail}`);
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const status = known?.status ?? 500;
  const message = known?.message ?? "Terjadi kesalahan pada server";
  if (status === 401) res.setHeader("WWW-Authenticate", "Bearer");
  res.status(status).json({ error: message });
};
