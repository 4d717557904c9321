import { isIPv6 } from "node:net";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { Config } from "./config.server.ts";

/**
 * Which origin a request is for, decided once, before anything reads it (issue 20, point 2).
 *
 * - The host is the `Host` header, and only it: `X-Forwarded-Host` never selects anything (a proxy
 *   passes the visitor's Host, see docs/deployment.md; a client could otherwise set it through a
 *   proxy that passes unknown headers on). The scheme is `X-Forwarded-Proto` only when the
 *   connection comes from a proxy that `TRUST_PROXY` trusts.
 * - A malformed `Host` or `X-Forwarded-Host` (`x:abc`, `x:99999`, `x:1@evil`, `a:b`, `[::1`,
 *   `x:3000/terms#`), two Host headers, a malformed trusted `X-Forwarded-Proto`, an absolute-form request line
 *   (`GET http://evil/ HTTP/1.1`) and `OPTIONS *` are answered 400 here, in Indonesian.
 * - `usual` says whether the host headers are what a browser (or the trusted proxy) sends for
 *   this site; the whole-page cache never stores a page rendered for any other request.
 *
 * Absolute URLs in pages, feeds and robots.txt come from `PUBLIC_URL` when it is set
 * (`siteUrlOf` in public-page.server.ts), otherwise from this origin, which has been validated.
 */

export const BAD_REQUEST_MESSAGE = "Permintaan tidak valid: alamat situs pada permintaan ini tidak dapat dikenali.";

export interface RequestOrigin {
  /** `http(s)://host[:port]`, normalised (lower case, no default port). */
  origin: string;
  /** The host headers are the plain, expected ones: pages rendered for this request may be cached. */
  usual: boolean;
}

declare module "express-serve-static-core" {
  interface Locals {
    requestOrigin?: RequestOrigin;
  }
}

const MAX_HOST_LENGTH = 261; // 253 for the name, ":" and 5 digits, or brackets around an IPv6 address
const LABEL = "[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?";
/** A DNS name or IPv4 address (one optional trailing dot), or an IPv6 address in brackets; then an optional port. */
const HOST_SYNTAX = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[([0-9a-f:.]+)\\])(?::([0-9]{1,5}))?$`, "i");

/**
 * The host (`name[:port]`) as the URL standard writes it for this scheme, or undefined when the
 * value is not a host: anything with a user part, a path, a query, a fragment, a port outside
 * 1-65535 or characters that no host has.
 */
export function normalizeHost(value: string, protocol: "http" | "https"): string | undefined {
  if (value.length === 0 || value.length > MAX_HOST_LENGTH) return undefined;
  const match = HOST_SYNTAX.exec(value);
  if (!match) return undefined;
  const [, ipv6, port] = match;
  if (ipv6 !== undefined && !isIPv6(ipv6)) return undefined;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return undefined;
  try {
    const url = new URL(`${protocol}://${value}/`);
    if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) return undefined;
    return url.host;
  } catch {
    return undefined;
  }
}

function trustsPeer(req: ExpressRequest): boolean {
  const trust = req.app.get("trust proxy fn") as ((address: string | undefined, index: number) => boolean) | undefined;
  return typeof trust === "function" && trust(req.socket.remoteAddress, 0);
}

/** Every comma-separated value of a header that may be sent several times. */
function listValues(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(",") : value).split(",").map((part) => part.trim());
}

/** The address this process was reached on, for a request without a Host (HTTP/1.0 health checks). */
function localHost(req: ExpressRequest): string {
  const address = req.socket.localAddress ?? "127.0.0.1";
  const port = req.socket.localPort;
  const host = address.includes(":") ? `[${address}]` : address;
  return port ? `${host}:${port}` : host;
}

/**
 * The request's origin, or undefined when its request line or host headers are malformed.
 * Computed once per response (kept in `res.locals`).
 */
export function requestOrigin(req: ExpressRequest, res: ExpressResponse, config: Pick<Config, "publicUrl">): RequestOrigin | undefined {
  if (res.locals.requestOrigin) return res.locals.requestOrigin;
  // Origin-form only: "*" (OPTIONS *) and absolute URLs in the request line are not pages of this site.
  if (!req.originalUrl.startsWith("/")) return undefined;

  const trusted = trustsPeer(req);
  let protocol: "http" | "https" = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  const forwardedProto = listValues(req.headers["x-forwarded-proto"]);
  if (trusted && forwardedProto) {
    if (!forwardedProto.every((value) => /^https?$/i.test(value))) return undefined;
    // The first value, as Express's req.protocol reads it: the proxy nearest the visitor.
    protocol = forwardedProto[0].toLowerCase() as "http" | "https";
  }

  // Node keeps the first of several Host headers; a proxy might have read another one.
  if (req.rawHeaders.filter((name, index) => index % 2 === 0 && name.toLowerCase() === "host").length > 1) return undefined;
  const hostHeader = req.headers.host;
  let usual = true;
  let host: string | undefined;
  if (hostHeader === undefined || hostHeader === "") {
    host = normalizeHost(localHost(req), protocol);
    usual = false;
  } else {
    host = normalizeHost(hostHeader, protocol);
    // A name written otherwise than the URL standard writes it (upper case, a default port, a
    // trailing dot) is another spelling of a host, not the one visitors' browsers send.
    if (host !== hostHeader || host.endsWith(".")) usual = false;
  }
  if (host === undefined) return undefined;

  // Never used, but a malformed one is refused like a malformed Host (and never cached).
  const forwardedHosts = listValues(req.headers["x-forwarded-host"]);
  if (forwardedHosts) {
    const normalized = forwardedHosts.map((value) => normalizeHost(value, protocol));
    if (normalized.some((value) => value === undefined)) return undefined;
    if (!trusted || normalized[0] !== host) usual = false;
  }

  if (config.publicUrl && new URL(config.publicUrl).host !== host) usual = false;

  const origin: RequestOrigin = { origin: `${protocol}://${host}`, usual };
  res.locals.requestOrigin = origin;
  return origin;
}

/** Answers 400 in Indonesian; the connection is closed, since its next request could be as odd. */
export function refuseBadRequest(res: ExpressResponse): void {
  res.status(400).set("Connection", "close").set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(BAD_REQUEST_MESSAGE);
}

/** The first check after the security headers: nothing behind it sees a malformed host. */
export function validateRequestOrigin(config: Pick<Config, "publicUrl">): RequestHandler {
  return (req, res, next) => {
    if (requestOrigin(req, res, config)) return next();
    refuseBadRequest(res);
  };
}
