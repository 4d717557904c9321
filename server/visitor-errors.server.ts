import type { Socket } from "node:net";
import type { ErrorRequestHandler, RequestHandler, Response as ExpressResponse } from "express";
import { errorFields, log } from "./log.server.ts";

/**
 * The answers to requests that never reach a page: a malformed address (`/about%ZZ`), a method
 * the route does not take, a body too large or too slow, a request line or headers Node's parser
 * refuses. Each is a small Indonesian page with a 4xx status; only a fault of ours is a 500
 * (issue 20, point 8).
 */

export interface VisitorError {
  heading: string;
  message: string;
}

const PAGES: Record<number, VisitorError> = {
  400: { heading: "Permintaan tidak valid", message: "Alamat atau isi permintaan ini tidak dapat dibaca." },
  404: { heading: "Halaman tidak ditemukan", message: "Halaman yang Anda cari tidak ada atau sudah dipindahkan." },
  405: { heading: "Metode tidak diizinkan", message: "Permintaan ditolak: alamat ini tidak menerima metode permintaan tersebut." },
  408: {
    heading: "Waktu pengiriman habis",
    message: "Permintaan dihentikan karena datanya tidak terkirim tepat waktu. Silakan coba kirim ulang.",
  },
  413: { heading: "Kiriman terlalu besar", message: "Ukuran kiriman melebihi batas yang diizinkan." },
  416: { heading: "Bagian berkas tidak tersedia", message: "Bagian berkas yang diminta tidak ada di berkas ini. Silakan unduh ulang berkasnya." },
  417: { heading: "Permintaan tidak valid", message: "Permintaan ditolak: header Expect ini tidak didukung." },
  431: { heading: "Permintaan terlalu panjang", message: "Alamat atau header permintaan ini terlalu panjang." },
  500: { heading: "Unexpected Application Error!", message: "Terjadi kesalahan. Silakan muat ulang halaman atau coba beberapa saat lagi." },
};

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  413: "Content Too Large",
  416: "Range Not Satisfiable",
  417: "Expectation Failed",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
};

export function megabytes(bytes: number): string {
  return `${new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;
}

/** The 413 text for a limit. */
export function tooLargeMessage(limitBytes: number): string {
  return `Ukuran kiriman melebihi batas ${megabytes(limitBytes)}.`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A self-contained page (no script, no stylesheet): it must render whatever else failed. */
export function errorPageHtml(status: number, message?: string): string {
  const page = PAGES[status] ?? PAGES[status >= 500 ? 500 : 400];
  return (
    `<!DOCTYPE html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(page.heading)}</title></head>` +
    `<body><main class="error-page"><h1>${escapeHtml(page.heading)}</h1><p>${escapeHtml(message ?? page.message)}</p>` +
    `<a href="/">Kembali ke beranda</a></main></body></html>`
  );
}

/**
 * Sends a visitor error through Express (security headers already set). `close` ends the
 * connection after it: its next request could be as odd, or the body was left unread.
 */
export function sendVisitorError(
  res: ExpressResponse,
  status: number,
  { message, headers = {}, close = false }: { message?: string; headers?: Record<string, string>; close?: boolean } = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).set("Cache-Control", "no-store").type("text/html; charset=utf-8");
  for (const [name, value] of Object.entries(headers)) res.set(name, value);
  if (close) res.set("Connection", "close");
  res.send(errorPageHtml(status, message));
}

/**
 * Express's last handler: an error that reached it (a malformed percent-encoding in the path is
 * a URIError with status 400 from Express's router or static files) becomes our page. A 4xx is
 * the visitor's doing; anything else is logged as ours.
 */
export const visitorErrorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const declared = (error as { status?: unknown; statusCode?: unknown } | undefined)?.status ?? (error as { statusCode?: unknown })?.statusCode;
  let status = typeof declared === "number" ? declared : 500;
  if (error instanceof URIError) status = 400;
  if (status < 400 || status > 599) status = 500;
  if (status >= 500) {
    log("unexpected_error", {
      path: req.path,
      request_id: req.get("x-request-id"),
      ...errorFields(error),
    });
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendVisitorError(res, PAGES[status] ? status : status >= 500 ? 500 : 400, { close: status >= 500 ? false : true });
};

/**
 * What Node's HTTP parser refuses before Express sees a request (a malformed request line or
 * header, headers too large, headers sent too slowly, an invalid chunked body): the same pages,
 * written on the socket, which is then closed.
 */
export function onClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code !== "ECONNRESET" && socket.writable && !inFlight?.headersSent) {
    const status =
      error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const body = errorPageHtml(status);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n` +
        "Content-Type: text/html; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroySoon();
}

/** `Expect:` other than `100-continue`: 417 in Indonesian instead of Node's empty answer. */
export function onUnmetExpectation(_req: unknown, res: import("node:http").ServerResponse): void {
  const body = errorPageHtml(417);
  res.writeHead(417, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    Connection: "close",
  });
  res.end(body);
}

/** The methods Remix answers itself; any other on an address no route takes would be its bare 405. */
const REMIX_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/**
 * Placed just before Remix: a method Remix does not know (OPTIONS, PROPFIND, ...) on an address
 * that no route takes (request-body.server.ts answered those that one does) is our 404 page.
 */
export const refuseUnknownMethods: RequestHandler = (req, res, next) => {
  if (REMIX_METHODS.has(req.method)) return next();
  sendVisitorError(res, 404);
};

/**
 * Remix's `?_data=` requests, its router's before single fetch (ours asks `<path>.data`): Remix
 * would answer them in English and log each as our error, so anyone could fill the log. Our 400.
 */
export const refuseLegacyDataRequests: RequestHandler = (req, res, next) => {
  const query = req.url.includes("?") ? req.url.slice(req.url.indexOf("?") + 1) : "";
  if (!new URLSearchParams(query).has("_data")) return next();
  sendVisitorError(res, 400);
};
