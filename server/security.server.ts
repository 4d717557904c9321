import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import type { Config } from "./config.server.ts";
import { log } from "./log.server.ts";
import { requestOrigin } from "./origin.server.ts";

/**
 * HTTP-level protections every response gets, before Remix sees the request: security headers
 * with a CSP (a per-request nonce for the pages that hydrate), and refusal of cross-site writes (CSRF).
 */

/**
 * The site's policy. Only the pages that hydrate (the back-office, the login: Remix's inline
 * scripts) get a `nonce`; a public page runs files from /build alone (its JSON-LD is data, which
 * no policy governs), so its bytes and its policy are the same for every visitor and can be
 * stored as they are sent (app/platform/page-cache.server.ts).
 */
export function contentSecurityPolicy(config: Config, nonce?: string): string {
  const directives = [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    // Rich text keeps colour and alignment in style attributes; CSS cannot run script.
    "style-src 'self' 'unsafe-inline'",
    // Map tiles and images that admins link in rich text come from other https hosts; an image cannot run script.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ];
  if (config.publicUrl?.startsWith("https://")) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

declare module "express-serve-static-core" {
  interface Locals {
    /** Set for the pages that hydrate only (`hydratingPath`). */
    cspNonce?: string;
  }
}

export function securityHeaders(config: Config): RequestHandler {
  const hsts = config.publicUrl?.startsWith("https://");
  const publicPolicy = contentSecurityPolicy(config);
  return (req, res, next) => {
    if (hydratingPath(req.originalUrl)) {
      const nonce = randomBytes(16).toString("base64");
      res.locals.cspNonce = nonce;
      res.setHeader("Content-Security-Policy", contentSecurityPolicy(config, nonce));
    } else {
      res.setHeader("Content-Security-Policy", publicPolicy);
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/** The back-office, the login and the logout, in every form Remix asks for them (`/admin/book.data`). */
const PRIVATE_PATH = /^\/(admin|login|logout)(?:[/.]|$)/;
/** The logout's action, as a form or as route data; Remix ignores trailing slashes. */
const LOGOUT_PATH = /^\/logout\/*(?:\.data)?$/;

/**
 * The path as Remix routes it, lower-cased: resolved as the URL it builds (`/x/../admin` is
 * `/admin`), decoded (`/%61dmin`) and with case ignored, as its matching does (`/ADMIN`). Express's
 * `req.path` is none of these. Undefined when it cannot be decoded: not to be trusted as public.
 */
function routedPath(originalUrl: string): string | undefined {
  try {
    // As server/remix-handler.ts builds it; another form than "/..." (`*`, absolute) is refused before Remix.
    const url = originalUrl.startsWith("/") ? new URL(`http://site${originalUrl}`) : new URL(originalUrl);
    return decodeURIComponent(url.pathname).toLowerCase();
  } catch {
    return undefined;
  }
}

/** Whether the path is the back-office's or the login's (or cannot be read): the pages that hydrate. */
function hydratingPath(originalUrl: string): boolean {
  const path = routedPath(originalUrl);
  return path === undefined || PRIVATE_PATH.test(path);
}

/**
 * Nothing of the back-office stays in a browser's caches (a shared desk: the next person's Back
 * button), whatever the answer is: a page, route data, a redirect, an error, an export. Set as
 * the headers go out (on-headers), so that no later handler can loosen it. Logging out also asks
 * the browser to drop what it cached of the site before.
 */
export function privateAnswers(): RequestHandler {
  return (req, res, next) => {
    const path = routedPath(req.originalUrl);
    if (path !== undefined && !PRIVATE_PATH.test(path)) return next();
    const loggingOut = req.method === "POST" && path !== undefined && LOGOUT_PATH.test(path);
    onHeaders(res, () => {
      res.setHeader("Cache-Control", "no-store");
      if (loggingOut) res.setHeader("Clear-Site-Data", CLEAR_ON_LOGOUT);
    });
    next();
  };
}

/** What logging out clears in the browser (the session cookie is ended by the answer itself). */
export const CLEAR_ON_LOGOUT = '"cache"';

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** An Origin's host as Remix reads it (`new URL(origin).host`), or undefined for one that is no URL. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
/** Whether two `host[:port]` values name one host with different ports (a proxy's `$host` drops it). */
function onlyPortDiffers(originHost: string, host: string | undefined): boolean {
  if (!host || originHost === host) return false;
  const hostname = (value: string) => hostOf(`http://${value}`)?.replace(/:\d+$/, "");
  return hostname(originHost) !== undefined && hostname(originHost) === hostname(host);
}
export const PORT_DROPPED_HINT = "Host differs from Origin: does the proxy drop the port? (nginx: proxy_set_header Host $http_host)";
export const CROSS_SITE_REFUSED = "Permintaan ditolak: formulir harus dikirim dari situs ini.";

/**
 * A write whose Origin is another site's, or that the browser marks as cross-site, is refused
 * with 403 before its body is read. Requests without either header (curl, old browsers) pass:
 * the SameSite=Lax session cookie does not travel with a cross-site POST anyway.
 */
export function refuseCrossSiteWrites(config: Config): RequestHandler {
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    // The validated origin (server/origin.server.ts answers 400 before this for a malformed host).
    const ownOrigin = publicOrigin ?? requestOrigin(req, res, config)?.origin;
    const foreign = fetchSite === "cross-site" || (origin !== undefined && origin !== ownOrigin);
    // Remix refuses an action whose Origin names another host than Host (as a 500): answered here
    // first. Behind a proxy that passes Host without its port (nginx's `$host`) every form does.
    const originHost = origin !== undefined && origin !== "null" ? (hostOf(origin) ?? "") : undefined;
    const hostMismatch = !foreign && originHost !== undefined && originHost !== req.headers.host;
    if (!foreign && !hostMismatch) return next();
    // Worth an operator's hint whichever check refused it (without PUBLIC_URL a dropped port makes
    // the site's own origin differ too): the Origin names this host, only its port differs.
    const portDropped = hostMismatch || (originHost !== undefined && onlyPortDiffers(originHost, req.headers.host));
    log("cross_site_refused", {
      method: req.method,
      path: req.path,
      origin,
      fetch_site: fetchSite,
      ...(portDropped ? { host: req.headers.host, hint: PORT_DROPPED_HINT } : {}),
    });
    res.status(403).set("Connection", "close").type("text/plain; charset=utf-8").send(CROSS_SITE_REFUSED);
  };
}
