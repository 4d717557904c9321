import express from "express";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@server/config.server";

const base = { UPSTREAM_API_URL: "http://127.0.0.1:4000", NODE_ENV: "development" };

function errorOf(env: Record<string, string>) {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected the configuration to be refused");
}

describe("configuration", () => {
  it("has working defaults for everything but the upstream", () => {
    const config = parseConfig(base);
    expect(config.port).toBe(3000);
    expect(config.upstreamApiUrl).toBe("http://127.0.0.1:4000");
    expect(config.panelApiUrl).toBe("http://127.0.0.1:4000");
    expect(config.product.title).toBe("Dinas Perpustakaan dan Kearsipan");
    expect(config.product.mapTileUrl).toContain("{z}");
    expect(config.secureCookies).toBe(false);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("names a missing upstream in one line", () => {
    const message = errorOf({ NODE_ENV: "development" });
    expect(message).toBe("Invalid configuration: UPSTREAM_API_URL is required");
  });

  it("refuses production without a session secret", () => {
    expect(errorOf({ ...base, NODE_ENV: "production" })).toMatch(/^Invalid configuration: SESSION_SECRET is required in production/);
    expect(errorOf({ ...base, SESSION_SECRET: "short" })).toMatch(/^Invalid configuration: SESSION_SECRET must be at least 32/);
  });

  it("names the variable of an invalid value", () => {
    expect(errorOf({ ...base, PORT: "abc" })).toMatch(/^Invalid configuration: PORT /);
    expect(errorOf({ ...base, UPSTREAM_API_URL: "ftp://x" })).toMatch(/^Invalid configuration: UPSTREAM_API_URL /);
    expect(errorOf({ ...base, OFFICE_LATITUDE: "200" })).toMatch(/^Invalid configuration: OFFICE_LATITUDE /);
    expect(errorOf({ ...base, MAP_TILE_URL: "http://tiles/{z}/{x}/{y}.png" })).toMatch(/^Invalid configuration: MAP_TILE_URL /);
    for (const message of [errorOf({ ...base, PORT: "abc" }), errorOf({ NODE_ENV: "development" })]) {
      expect(message).not.toContain("\n");
    }
  });

  it("reads an empty value as unset (its default, never 0), and a number only in decimal digits", () => {
    const config = parseConfig({ ...base, PORT: "", SHUTDOWN_GRACE_MS: " ", PUBLIC_CACHE_TTL_MS: "", OFFICE_LATITUDE: "", UPLOAD_ADMIN_MAX_BYTES: "", METRICS_PORT: "" });
    expect(config.port).toBe(3000);
    expect(config.shutdown.graceMs).toBe(10_000);
    expect(config.product.office.latitude).toBe(-6.9218);
    for (const [name, value] of [["PORT", "0x1000"], ["FORM_MAX_BYTES", "1e6"], ["UPLOAD_DISK_MAX_BYTES", "20G"], ["METRICS_PORT", "0x10"]])
      expect(errorOf({ ...base, [name]: value }), `${name}=${value}`).toMatch(new RegExp(`^Invalid configuration: ${name} must be a whole number`));
  });

  it("relays a video's upload as it arrives with one process, not with several (REDIS_URL), unless told", () => {
    expect(parseConfig(base).resumableUploads.uploadRelayHoldMs).toBe(30_000);
    expect(parseConfig({ ...base, REDIS_URL: "redis://127.0.0.1:6379" }).resumableUploads.uploadRelayHoldMs).toBe(0);
    expect(parseConfig({ ...base, REDIS_URL: "redis://127.0.0.1:6379", UPLOAD_RELAY_HOLD_MS: "20000" }).resumableUploads.uploadRelayHoldMs).toBe(20_000);
    expect(parseConfig({ ...base, UPLOAD_RELAY_HOLD_MS: "0" }).resumableUploads.uploadRelayHoldMs).toBe(0);
    expect(errorOf({ ...base, UPLOAD_RELAY_HOLD_MS: "3600000" })).toMatch(/^Invalid configuration: UPLOAD_RELAY_HOLD_MS/);
    // A hold shorter than the pause between two pieces would give up every relay: the file would go twice.
    expect(errorOf({ ...base, UPLOAD_RELAY_HOLD_MS: "500" })).toMatch(/^Invalid configuration: UPLOAD_RELAY_HOLD_MS must be 0 \(off\) or at least 5000/);
  });

  it("refuses a duration a timer cannot hold (past 24.8 days Node fires it after 1 ms)", () => {
    for (const name of ["LOGIN_FAILURE_WINDOW_MS", "BODY_IDLE_TIMEOUT_MS", "UPSTREAM_TIMEOUT_MS", "SHUTDOWN_GRACE_MS"])
      expect(errorOf({ ...base, [name]: "3000000000" }), name).toBe(`Invalid configuration: ${name} must be at most 2147483647 (24.8 days)`);
    expect(parseConfig({ ...base, LOGIN_FAILURE_WINDOW_MS: "2147483647" }).login.windowMs).toBe(2_147_483_647);
  });

  it("refuses an upstream address ending in /api (every call would go to /api/api/...), or with a query; a path prefix is an API behind one", () => {
    expect(errorOf({ ...base, UPSTREAM_API_URL: "http://127.0.0.1:4000/api" })).toMatch(/^Invalid configuration: UPSTREAM_API_URL must be the API's base without \/api/);
    expect(errorOf({ ...base, PANEL_API_URL: "http://127.0.0.1:4000/?x=1" })).toMatch(/^Invalid configuration: PANEL_API_URL /);
    expect(parseConfig({ ...base, UPSTREAM_API_URL: "https://dinas.example.go.id/perpus/" }).upstreamApiUrl).toBe("https://dinas.example.go.id/perpus");
  });

  it("takes LOG_LEVEL silent in any case, and refuses any other level rather than logging everything", () => {
    expect(() => parseConfig({ ...base, LOG_LEVEL: "SILENT" })).not.toThrow();
    expect(errorOf({ ...base, LOG_LEVEL: "warn" })).toMatch(/^Invalid configuration: LOG_LEVEL must be silent/);
  });

  it("refuses METRICS_PORT equal to PORT on a shared address in one line, and takes 0 for both (each a free port)", () => {
    expect(errorOf({ ...base, PORT: "3000", METRICS_PORT: "3000" })).toBe(
      "Invalid configuration: METRICS_PORT must differ from PORT (the metrics have a listener of their own)",
    );
    expect(errorOf({ ...base, METRICS_PORT: "3000" })).toMatch(/^Invalid configuration: METRICS_PORT must differ from PORT/);
    expect(errorOf({ ...base, HOST: "0.0.0.0", METRICS_HOST: "10.0.0.5", METRICS_REACH: "remote", PORT: "3000", METRICS_PORT: "3000" })).toMatch(
      /^Invalid configuration: METRICS_PORT must differ from PORT/,
    );
    // The same number on two addresses of the machine is two ports.
    expect(parseConfig({ ...base, METRICS_HOST: "127.0.0.2", PORT: "3000", METRICS_PORT: "3000" }).metrics).toEqual({ host: "127.0.0.2", port: 3000 });
    expect(parseConfig({ ...base, PORT: "0", METRICS_PORT: "0" }).metrics).toEqual({ host: "127.0.0.1", port: 0 });
    expect(parseConfig({ ...base, PORT: "3000", METRICS_PORT: "9464" }).metrics).toEqual({ host: "127.0.0.1", port: 9464 });
  });

  it("refuses a METRICS_HOST other than loopback in one line, unless METRICS_REACH=remote says it on purpose", () => {
    for (const host of ["0.0.0.0", "::", "10.0.0.5", "192.168.1.20", "metrics.internal"]) {
      expect(errorOf({ ...base, METRICS_HOST: host, METRICS_PORT: "9464" }), host).toMatch(/^Invalid configuration: METRICS_HOST must be a loopback address \(the metrics have no login\); [^\n]*METRICS_REACH=remote[^\n]*$/);
      expect(parseConfig({ ...base, METRICS_HOST: host, METRICS_PORT: "9464", METRICS_REACH: "remote" }).metrics).toEqual({ host, port: 9464 });
    }
    for (const host of ["127.0.0.1", "127.0.1.1", "localhost", "::1"]) {
      expect(parseConfig({ ...base, METRICS_HOST: host, METRICS_PORT: "9464" }).metrics, host).toEqual({ host, port: 9464 });
    }
    // Without METRICS_PORT nothing listens: the host is not judged.
    expect(parseConfig({ ...base, METRICS_HOST: "0.0.0.0" }).metrics).toBeUndefined();
    expect(errorOf({ ...base, METRICS_REACH: "everyone" })).toMatch(/^Invalid configuration: METRICS_REACH must be loopback or remote/);
  });

  it("separates the panel service and secures cookies behind https", () => {
    const config = parseConfig({ ...base, PANEL_API_URL: "https://panel.example.id/", PUBLIC_URL: "https://perpustakaan.example.id" });
    expect(config.panelApiUrl).toBe("https://panel.example.id");
    expect(config.secureCookies).toBe(true);
  });

  it("takes PUBLIC_URL as an origin only, and TRUST_PROXY only in a form Express reads", () => {
    expect(parseConfig({ ...base, PUBLIC_URL: "https://Perpustakaan.example.id:443/" }).publicUrl).toBe("https://perpustakaan.example.id");
    for (const wrong of ["https://perpustakaan.example.id/situs", "https://perpustakaan.example.id/?a=1", "https://u:p@perpustakaan.example.id"]) {
      expect(errorOf({ ...base, PUBLIC_URL: wrong })).toMatch(/^Invalid configuration: PUBLIC_URL must be an origin only/);
    }
    expect(parseConfig(base).trustProxy).toBeUndefined();
    expect(parseConfig({ ...base, TRUST_PROXY: "false" }).trustProxy).toBeUndefined();
    expect(parseConfig({ ...base, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseConfig({ ...base, TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toBe("loopback, 10.0.0.0/8");
    for (const wrong of ["yes", "10.0.0.0/33", "proxy.internal", "true, loopback"]) {
      expect(errorOf({ ...base, TRUST_PROXY: wrong })).toMatch(/^Invalid configuration: TRUST_PROXY /);
    }
    // `true` believes every client's X-Forwarded-For: refused, naming what to write instead.
    for (const everyone of ["true", "0.0.0.0/0", "loopback, ::/0", "0.0.0.0/0.0.0.0", "0.0.0.0/00", "::/000"]) {
      expect(errorOf({ ...base, TRUST_PROXY: everyone })).toMatch(/^Invalid configuration: TRUST_PROXY must not be true or a subnet of every address: .*loopback.*hop count/);
    }
  });

  it("refuses every TRUST_PROXY that believes a large part of the internet, in one line", () => {
    const refusals: Array<[string, RegExp]> = [
      // Two halves, or any subnet wider than /8 or /32, are `true` in all but name.
      ["0.0.0.0/1,128.0.0.0/1", /must not name a subnet wider than \/8 \(IPv4\) or \/32 \(IPv6\) \(0\.0\.0\.0\/1\): a proxy is a host or a small subnet/],
      ["10.0.0.5, 64.0.0.0/2", /must not name a subnet wider than .*\(64\.0\.0\.0\/2\)/],
      ["1.0.0.0/7", /must not name a subnet wider than/],
      ["1.0.0.0/128.0.0.0", /must not name a subnet wider than/],
      ["::/1", /must not name a subnet wider than/],
      ["8000::/1", /must not name a subnet wider than/],
      ["2000::/3", /must not name a subnet wider than/],
      ["2001:db8::/31", /must not name a subnet wider than/],
      ["fc00::/6", /must not name a subnet wider than/],
      // proxy-addr matches every IPv4 client against an IPv4-mapped subnet of /96 or longer.
      ["::ffff:0:0/96", /must not name an IPv4-mapped subnet wider than \/104 \(::ffff:0:0\/96\): ::ffff:0:0\/96 is every IPv4 address/],
      ["::ffff:0.0.0.0/96", /must not name an IPv4-mapped subnet wider than \/104/],
      ["loopback, 0:0:0:0:0:ffff:8000:0/97", /must not name an IPv4-mapped subnet wider than \/104/],
      ["::ffff:10.0.0.0/103", /must not name an IPv4-mapped subnet wider than \/104/],
      // A hop count above the proxies really in front lets the client write the address Express takes.
      ["6", /must be a hop count of at most 5: .*as true does/],
      ["999", /must be a hop count of at most 5/],
      // What proxy-addr would refuse at start with a TypeError and a stack, refused here instead.
      ["10.0.0.0/255.0.255.0", /must be loopback, a hop count, or comma-separated addresses/],
      ["10.0.0.0/33", /must be loopback, a hop count/],
      ["::1/129", /must be loopback, a hop count/],
      ["0/1", /must be loopback, a hop count/],
      ["10.0.0.5,", /must be loopback, a hop count/],
      ["10.0.0.5/8/8", /must be loopback, a hop count/],
    ];
    for (const [value, problem] of refusals) {
      const message = errorOf({ ...base, TRUST_PROXY: value });
      expect(message, value).toMatch(/^Invalid configuration: TRUST_PROXY /);
      expect(message, value).toMatch(problem);
      expect(message, value).not.toContain("\n");
    }
  });

  it("takes TRUST_PROXY as loopback, a small hop count, hosts and small subnets, and the private IPv6 ranges", () => {
    const accepted: Array<[string, number | string]> = [
      ["loopback", "loopback"],
      ["linklocal, uniquelocal", "linklocal, uniquelocal"],
      ["1", 1],
      ["5", 5],
      ["10.0.0.5", "10.0.0.5"],
      ["10.0.0.0/24", "10.0.0.0/24"],
      ["10.0.0.0/8", "10.0.0.0/8"],
      ["10.0.0.0/255.255.255.0", "10.0.0.0/255.255.255.0"],
      ["::1", "::1"],
      ["2001:db8::/32", "2001:db8::/32"],
      // Unique-local and link-local IPv6 are never routed on the internet, as `uniquelocal` and `linklocal` say.
      ["fd00::/8", "fd00::/8"],
      ["fc00::/7", "fc00::/7"],
      ["fe80::/10", "fe80::/10"],
      ["::ffff:10.0.0.5", "::ffff:10.0.0.5"],
      ["::ffff:10.0.0.0/104", "::ffff:10.0.0.0/104"],
      [" loopback , 10.0.0.5 ", "loopback , 10.0.0.5"],
    ];
    for (const [value, trustProxy] of accepted) {
      const config = parseConfig({ ...base, TRUST_PROXY: value });
      expect(config.trustProxy, value).toEqual(trustProxy);
      // What passes here, Express compiles at start (server/index.ts) without a TypeError.
      expect(() => express().set("trust proxy", config.trustProxy), value).not.toThrow();
    }
    expect(parseConfig({ ...base, TRUST_PROXY: "0" }).trustProxy).toBeUndefined();
  });

  it("bounds form bodies and their pace: FORM_MAX_BYTES and BODY_IDLE_TIMEOUT_MS", () => {
    expect(parseConfig(base).formMaxBytes).toBe(1024 * 1024);
    expect(parseConfig(base).bodyIdleTimeoutMs).toBe(30_000);
    expect(parseConfig({ ...base, FORM_MAX_BYTES: "65536", BODY_IDLE_TIMEOUT_MS: "5000" })).toMatchObject({ formMaxBytes: 65536, bodyIdleTimeoutMs: 5000 });
    for (const [name, wrong] of [["FORM_MAX_BYTES", "1mb"], ["FORM_MAX_BYTES", "10"], ["BODY_IDLE_TIMEOUT_MS", "-1"], ["BODY_IDLE_TIMEOUT_MS", "1.5"]]) {
      expect(errorOf({ ...base, [name]: wrong })).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    }
  });

  it("reads the region's name and emblem, both optional, and refuses to start with an emblem neither on this site nor https:", () => {
    expect(parseConfig(base).product.region).toEqual({ name: undefined, emblemUrl: undefined });
    expect(parseConfig({ ...base, REGION_NAME: "  ", REGION_EMBLEM_URL: "" }).product.region).toEqual({ name: undefined, emblemUrl: undefined });
    const region = (emblem: string) => parseConfig({ ...base, REGION_NAME: " Pemerintah Kabupaten Contoh ", REGION_EMBLEM_URL: emblem }).product.region;
    expect(region("/lambang.svg")).toEqual({ name: "Pemerintah Kabupaten Contoh", emblemUrl: "/lambang.svg" });
    expect(region(" https://contoh.go.id/lambang.png?v=2 ").emblemUrl).toBe("https://contoh.go.id/lambang.png?v=2");
    const refused = [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "http://contoh.go.id/lambang.png",
      "//evil.example/lambang.png",
      "/\\evil.example/lambang.png",
      "lambang.png",
      "https://user:pass@contoh.go.id/lambang.png",
      "/lambang baru.png",
      "/lambang.png\njavascript:alert(1)",
      "vbscript:msgbox",
    ];
    for (const emblem of refused) expect(errorOf({ ...base, REGION_EMBLEM_URL: emblem }), emblem).toMatch(/^Invalid configuration: REGION_EMBLEM_URL must be a path on this site/);
  });
});
