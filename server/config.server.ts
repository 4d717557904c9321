import { BlockList, isIP } from "node:net";
import path from "node:path";
import proxyaddr from "proxy-addr";
import * as z from "zod";
import { apiBaseUrl, blankAsUnset, httpUrl, msFromEnv, numberFromEnv, optionalNumberFromEnv } from "./env-values.server.ts";
import { siteOrHttpsImageSetting } from "./image-url.server.ts";

/**
 * Every setting the process reads from its environment, validated once.
 * A missing or invalid value stops the process at start with one line naming it
 * (see `loadConfig`), rather than failing on the first request that needs it.
 */

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: numberFromEnv(3000).pipe(z.number().max(65535)),
    UPSTREAM_API_URL: apiBaseUrl,
    PANEL_API_URL: apiBaseUrl.optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    /** The site's public origin: every absolute URL (canonical, og:url, JSON-LD, sitemap, feed, robots.txt) is written from it. */
    PUBLIC_URL: httpUrl
      .refine((value) => {
        const url = new URL(value);
        return url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
      }, "must be an origin only, e.g. https://perpustakaan.example.go.id")
      .transform((value) => new URL(value).origin)
      .optional(),
    /** Which peers may set X-Forwarded-For and X-Forwarded-Proto; off (nobody) unless set. */
    TRUST_PROXY: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const problem = trustProxyProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional(),
    /** Set when several processes run: they share sessions, login throttling and cache invalidations. */
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
    /** Prometheus metrics on a listener of their own (server/metrics.server.ts), never the site's port; off when METRICS_PORT is unset or empty. */
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    METRICS_PORT: optionalNumberFromEnv(0, 65535),
    /**
     * The metrics answer anyone who reaches them (no login): a METRICS_HOST other than loopback is
     * taken only with this set to `remote`, on purpose, behind a firewall that admits only Prometheus.
     */
    METRICS_REACH: z.enum(["loopback", "remote"], { error: "must be loopback or remote" }).default("loopback"),
    /** Whole-request limit: a large video over a slow link must not be cut off. */
    REQUEST_TIMEOUT_MS: msFromEnv(60 * 60 * 1000, 1000),
    /** Headers must arrive quickly whatever the body does (slowloris). */
    HEADERS_TIMEOUT_MS: msFromEnv(20_000, 1000),
    /**
     * On SIGTERM, how long the process goes on answering (every answer `Connection: close`,
     * /readyz 503) before it closes its listener, so that a balancer's idle keep-alive connections
     * to it run out first (nginx's upstream `keepalive_timeout` is shorter, deploy/nginx.conf); it
     * ends sooner once the balancer has stopped sending (server/index.ts, `handBack`) or no
     * connection is open. Then SHUTDOWN_GRACE_MS for requests in flight.
     */
    SHUTDOWN_DRAIN_MS: msFromEnv(5_000),
    /** After the drain, how long requests in flight may take to finish before they are cut. */
    SHUTDOWN_GRACE_MS: msFromEnv(10_000),
    /**
     * A request body that sends nothing for this long is answered 408 and closed; a form without
     * files must have arrived whole within it (server/request-body.server.ts).
     */
    BODY_IDLE_TIMEOUT_MS: msFromEnv(30_000, 100),
    /** Largest form without files (login, logout, admin forms), and the text fields of an upload form together. */
    FORM_MAX_BYTES: numberFromEnv(1024 * 1024, 1024),
    UPSTREAM_TIMEOUT_MS: msFromEnv(10_000, 100),
    /**
     * Largest JSON answer read from the upstream (files are streamed, not read whole): a larger
     * one is a load failure instead of the process's memory. 10,000 books are about 10 MiB.
     */
    UPSTREAM_MAX_ANSWER_BYTES: numberFromEnv(64 * 1024 * 1024, 1024),
    /** Which records the home page's slider shows: Banner (the default, spec §2) or Slider. */
    HOME_SLIDER_SOURCE: z.enum(["banner", "slider"]).default("banner"),
    /** Public reads are fresh this long, then served stale while one refresh runs in the background. */
    PUBLIC_CACHE_TTL_MS: msFromEnv(5_000),
    PUBLIC_CACHE_STALE_MS: msFromEnv(60_000),
    /** How long the back-office's copy of a list is trusted for changes made outside the site. */
    ADMIN_LIST_REFRESH_MS: msFromEnv(60_000),
    /** A resumable upload left unfinished this long is deleted (app/platform/uploads.server.ts). */
    UPLOAD_EXPIRY_MS: msFromEnv(24 * 60 * 60 * 1000, 60_000),
    /** The disk the resized images may take (app/platform/image-cache.server.ts): the least recently used go first. */
    IMAGE_CACHE_MAX_BYTES: numberFromEnv(2 * 1024 * 1024 * 1024, 64 * 1024),
    /** The disk that unfinished and unsaved resumable uploads may take together. */
    UPLOAD_DISK_MAX_BYTES: numberFromEnv(20 * 1024 * 1024 * 1024, 1024 * 1024),
    /** One admin's share of that disk; half by default, so that one admin's abandoned uploads leave as much again to the others. */
    UPLOAD_ADMIN_MAX_BYTES: optionalNumberFromEnv(1024 * 1024),
    /** Uploads one admin may hold at once (unfinished or not yet saved): a form has a few files, a batch of forms some dozens. */
    UPLOAD_ADMIN_MAX_COUNT: numberFromEnv(50, 1),
    /** An upload that has received no byte this long is deleted (a browser that never began sending). */
    UPLOAD_UNSTARTED_EXPIRY_MS: msFromEnv(60 * 60 * 1000, 60_000),
    /** A video's upload goes upstream as it arrives, its end held this long for the save (app/platform/early-relays.server.ts); 0: off. */
    UPLOAD_RELAY_HOLD_MS: optionalNumberFromEnv(0, 10 * 60 * 1000).refine((ms) => !ms || ms >= 5_000, "must be 0 (off) or at least 5000"),
    /** Login attempts per account (email) in the window; the attempt is counted before its password is checked. */
    LOGIN_MAX_FAILURES: numberFromEnv(5, 1),
    /** Login attempts per client address in the window: much higher, an office shares one address. */
    LOGIN_MAX_FAILURES_PER_ADDRESS: numberFromEnv(100, 1),
    LOGIN_FAILURE_WINDOW_MS: msFromEnv(15 * 60 * 1000, 1000),
    SESSION_IDLE_TIMEOUT_MS: msFromEnv(30 * 60 * 1000, 1000),
    SESSION_ABSOLUTE_TIMEOUT_MS: msFromEnv(12 * 60 * 60 * 1000, 1000),
    /**
     * How long the back-office keeps, in the admin's own browser only, what was typed into a form
     * whose save ended the session (app/lib/form-drafts.ts): offered again after the next login
     * of the same account within this time, then dropped.
     */
    FORM_DRAFT_MAX_AGE_MS: msFromEnv(8 * 60 * 60 * 1000, 60_000),
    /** Read by server/log.server.ts; checked here so that "warn" or "off" stops the start instead of logging everything. */
    LOG_LEVEL: z.preprocess(blankAsUnset, z.string().trim().toLowerCase().pipe(z.literal("silent", { error: "must be silent, or unset for every log line" })).optional()),
    PRODUCT_TITLE: z.string().min(1).default("Dinas Perpustakaan dan Kearsipan"),
    /** The region above the agency's name in the public header; an emblem neither on this site nor https: stops the start (image-url.server.ts). */
    REGION_NAME: z.string().trim().optional(),
    REGION_EMBLEM_URL: siteOrHttpsImageSetting,
    OFFICE_LATITUDE: z.preprocess(blankAsUnset, z.coerce.number().min(-90).max(90).default(-6.9218)),
    OFFICE_LONGITUDE: z.preprocess(blankAsUnset, z.coerce.number().min(-180).max(180).default(107.6071)),
    APP_STORE_URL: httpUrl.default("https://play.google.com/store/apps/details?id=id.go.dispusip.mobile"),
    /** A book's address in the mobile app, `{id}` standing for the book's id ("Baca di aplikasi"); without it, the store's page. */
    APP_BOOK_URL: httpUrl.refine((value) => value.includes("{id}"), "must hold {id}").optional(),
    /**
     * A read-only upstream account for the public catalogue (/katalog): the BFF logs in with it
     * to read the books and videos; its token never leaves the server. Both or neither: without
     * them the catalogue's pages and links do not exist.
     */
    CATALOGUE_READER_EMAIL: z.string().trim().min(1).optional(),
    CATALOGUE_READER_PASSWORD: z.string().min(1).optional(),
    MAP_TILE_URL: z
      .string()
      .regex(/^https:\/\/\S*\{z\}\S*\{x\}\S*\{y\}/, "must be an https URL template with {z}, {x} and {y}")
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    MAP_TILE_ATTRIBUTION: z
      .string()
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.CATALOGUE_READER_EMAIL) !== Boolean(env.CATALOGUE_READER_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.CATALOGUE_READER_EMAIL ? "CATALOGUE_READER_PASSWORD" : "CATALOGUE_READER_EMAIL"],
        message: "is required with the other CATALOGUE_READER_* setting (both or neither)",
      });
    }
    // Two listeners on one port of one address (or of every address): the second would fail to start.
    const sharedAddress = env.METRICS_HOST === env.HOST || [env.HOST, env.METRICS_HOST].some((host) => host === "0.0.0.0" || host === "::");
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT && sharedAddress) {
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT (the metrics have a listener of their own)" });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_REACH !== "remote" && !isLoopback(env.METRICS_HOST)) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_HOST"],
        message: "must be a loopback address (the metrics have no login); to serve them to another machine on purpose, set METRICS_REACH=remote and let the firewall admit only Prometheus",
      });
    }
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production (at least 32 random characters)",
      });
    }
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    upstreamApiUrl: env.UPSTREAM_API_URL,
    panelApiUrl: env.PANEL_API_URL ?? env.UPSTREAM_API_URL,
    /** Outside production a secret made at start keeps sessions working until the next restart. */
    sessionSecret: env.SESSION_SECRET ?? developmentSecret(),
    dataDir,
    publicUrl: env.PUBLIC_URL,
    secureCookies: env.PUBLIC_URL?.startsWith("https://") ?? false,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL,
    metrics: env.METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST, port: env.METRICS_PORT },
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    shutdown: { drainMs: env.SHUTDOWN_DRAIN_MS, graceMs: env.SHUTDOWN_GRACE_MS },
    bodyIdleTimeoutMs: env.BODY_IDLE_TIMEOUT_MS,
    formMaxBytes: env.FORM_MAX_BYTES,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    upstreamMaxAnswerBytes: env.UPSTREAM_MAX_ANSWER_BYTES,
    publicCache: { ttlMs: env.PUBLIC_CACHE_TTL_MS, staleMs: env.PUBLIC_CACHE_STALE_MS },
    adminLists: { refreshMs: env.ADMIN_LIST_REFRESH_MS },
    imageCache: { maxBytes: env.IMAGE_CACHE_MAX_BYTES },
    resumableUploads: {
      directory: path.join(dataDir, "uploads"),
      expiryMs: env.UPLOAD_EXPIRY_MS,
      unstartedExpiryMs: env.UPLOAD_UNSTARTED_EXPIRY_MS,
      // Off with several processes (REDIS_URL): a balancer spreading an admin's requests sends the save to another.
      uploadRelayHoldMs: env.UPLOAD_RELAY_HOLD_MS ?? (env.REDIS_URL ? 0 : 30_000),
      diskMaxBytes: env.UPLOAD_DISK_MAX_BYTES,
      adminMaxBytes: env.UPLOAD_ADMIN_MAX_BYTES ?? Math.floor(env.UPLOAD_DISK_MAX_BYTES / 2),
      adminMaxCount: env.UPLOAD_ADMIN_MAX_COUNT,
    },
    site: { homeSliderSource: env.HOME_SLIDER_SOURCE, catalogueOnSite: Boolean(env.CATALOGUE_READER_EMAIL && env.CATALOGUE_READER_PASSWORD) },
    /** The public catalogue's upstream account, or undefined: no catalogue. */
    catalogueReader:
      env.CATALOGUE_READER_EMAIL && env.CATALOGUE_READER_PASSWORD ? { email: env.CATALOGUE_READER_EMAIL, password: env.CATALOGUE_READER_PASSWORD } : undefined,
    login: {
      maxFailures: env.LOGIN_MAX_FAILURES,
      maxFailuresPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: env.LOGIN_FAILURE_WINDOW_MS,
    },
    session: { idleTimeoutMs: env.SESSION_IDLE_TIMEOUT_MS, absoluteTimeoutMs: env.SESSION_ABSOLUTE_TIMEOUT_MS },
    formDrafts: { maxAgeMs: env.FORM_DRAFT_MAX_AGE_MS },
    product: {
      title: env.PRODUCT_TITLE,
      region: { name: env.REGION_NAME || undefined, emblemUrl: env.REGION_EMBLEM_URL },
      office: { latitude: env.OFFICE_LATITUDE, longitude: env.OFFICE_LONGITUDE },
      appStoreUrl: env.APP_STORE_URL,
      appBookUrl: env.APP_BOOK_URL,
      mapTileUrl: env.MAP_TILE_URL,
      mapTileAttribution: env.MAP_TILE_ATTRIBUTION,
    },
  };
}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * A hop count believes that many X-Forwarded-For entries from the right: one more than the proxies
 * really in front lets a client choose its address, so a large count is `true` in practice.
 */
const MAX_PROXY_HOPS = 5;

const TRUST_PROXY_INSTEAD = "write loopback when the proxy runs on this machine, the proxy's address or subnet (10.0.0.5, 10.0.0.0/24), or its hop count (1)";
const TRUST_PROXY_SYNTAX = "must be loopback, a hop count, or comma-separated addresses or subnets of the proxies (10.0.0.5, 10.0.0.0/8); false or 0: nobody";
const TRUST_PROXY_EVERYONE = `must not be true or a subnet of every address: it lets any client choose its address (and escape the login throttle); ${TRUST_PROXY_INSTEAD}`;

/** Where proxy-addr lets an IPv6 subnet match IPv4 clients (::ffff:0:0/96 is every IPv4 address). */
const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet("::ffff:0:0", 96, "ipv6");
/** Unique-local and link-local IPv6 (what `uniquelocal` and `linklocal` name): never routed on the internet, whatever their size. */
const privateIpv6 = (
  [
    ["fc00::", 7],
    ["fe80::", 10],
  ] as const
).map(([network, prefix]) => {
  const range = new BlockList();
  range.addSubnet(network, prefix, "ipv6");
  return { range, prefix };
});

/**
 * Why a TRUST_PROXY value is refused, or undefined: a hop count up to MAX_PROXY_HOPS, false, or
 * names, addresses and subnets in the form Express reads. A proxy is a host or a small subnet, so a
 * subnet wider than /8 (IPv4) or /32 (IPv6) believes a large part of the internet and is refused.
 */
function trustProxyProblem(value: string): string | undefined {
  if (value === "true") return TRUST_PROXY_EVERYONE;
  if (value === "false") return undefined;
  if (/^\d+$/.test(value)) {
    if (Number(value) <= MAX_PROXY_HOPS) return undefined;
    const why = "a count above the proxies really in front lets a client choose its address, as true does";
    return `must be a hop count of at most ${MAX_PROXY_HOPS}: ${why}; ${TRUST_PROXY_INSTEAD}`;
  }
  for (const entry of value.split(",").map((part) => part.trim())) {
    const problem = trustProxyEntryProblem(entry);
    if (problem) return problem;
  }
  return undefined;
}

function trustProxyEntryProblem(entry: string): string | undefined {
  if (PROXY_NAMES.has(entry)) return undefined;
  const [address, mask, ...rest] = entry.split("/");
  const family = isIP(address);
  const prefix = mask === undefined ? (family === 4 ? 32 : 128) : /^\d+$/.test(mask) ? Number(mask) : family === 4 && isIP(mask) === 4 ? maskLength(mask) : NaN;
  if (!family || rest.length || Number.isNaN(prefix)) return TRUST_PROXY_SYNTAX;
  if (prefix === 0) return TRUST_PROXY_EVERYONE;
  if (family === 6 && ipv4Mapped.check(address, "ipv6") && prefix < 104) {
    return `must not name an IPv4-mapped subnet wider than /104 (${entry}): ::ffff:0:0/96 is every IPv4 address; ${TRUST_PROXY_INSTEAD}`;
  }
  const privateSubnet = family === 6 && privateIpv6.some((local) => local.range.check(address, "ipv6") && prefix >= local.prefix);
  if (prefix < (family === 4 ? 8 : 32) && !privateSubnet) {
    const why = "a proxy is a host or a small subnet, never a large part of the internet";
    return `must not name a subnet wider than /8 (IPv4) or /32 (IPv6) (${entry}): ${why}; ${TRUST_PROXY_INSTEAD}`;
  }
  try {
    proxyaddr.compile([entry]);
  } catch {
    return TRUST_PROXY_SYNTAX;
  }
  return undefined;
}

/** 255.255.0.0 → 16; a mask with holes counts its bits here and is refused by proxy-addr. */
function maskLength(mask: string): number {
  return mask.split(".").reduce((bits, octet) => bits + Number(octet).toString(2).replaceAll("0", "").length, 0);
}

/** undefined (trust nobody) when unset, "false" or "0". */
function parseTrustProxy(value: string | undefined): number | string | undefined {
  if (value === undefined || value === "" || value === "false" || value === "0") return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

let generatedSecret: string | undefined;
const developmentSecret = () => (generatedSecret ??= crypto.randomUUID() + crypto.randomUUID());

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * A ConfigError from this module or from the build's copy of it (Redis is connected through the
 * build, see process-services.server.ts): the process tells them by name.
 */
export function isConfigError(error: unknown): error is ConfigError {
  return error instanceof Error && error.name === "ConfigError";
}

/** Parses an environment; throws a ConfigError whose message is one line naming the variable. */
export function parseConfig(environment: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(environment);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    const problem = issue.code === "invalid_type" && environment[name] === undefined ? "is required" : issue.message;
    throw new ConfigError(`Invalid configuration: ${name} ${problem}`);
  }
  return toConfig(result.data);
}

let current: Config | undefined;

/** The process's configuration, read from process.env on first use. */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}

/** proxy-addr's own `loopback` (127.0.0.0/8, ::1, and IPv4-mapped 127.x), as TRUST_PROXY reads it. */
const loopbackAddress = proxyaddr.compile("loopback");

/** A host that only this machine reaches: `localhost`, or a loopback address. */
function isLoopback(host: string): boolean {
  return host.toLowerCase() === "localhost" || loopbackAddress(host, 0);
}
