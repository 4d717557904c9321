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
    for (const everyone of ["true", "0.0.0.0/0", "loopback, ::/0", "0.0.0.0/0.0.0.0"]) {
      expect(errorOf({ ...base, TRUST_PROXY: everyone })).toMatch(/^Invalid configuration: TRUST_PROXY must not be true or a subnet of every address: .*loopback.*hop count/);
    }
  });

  it("bounds form bodies and their pace: FORM_MAX_BYTES and BODY_IDLE_TIMEOUT_MS", () => {
    expect(parseConfig(base).formMaxBytes).toBe(1024 * 1024);
    expect(parseConfig(base).bodyIdleTimeoutMs).toBe(30_000);
    expect(parseConfig({ ...base, FORM_MAX_BYTES: "65536", BODY_IDLE_TIMEOUT_MS: "5000" })).toMatchObject({ formMaxBytes: 65536, bodyIdleTimeoutMs: 5000 });
    for (const [name, wrong] of [["FORM_MAX_BYTES", "1mb"], ["FORM_MAX_BYTES", "10"], ["BODY_IDLE_TIMEOUT_MS", "-1"], ["BODY_IDLE_TIMEOUT_MS", "1.5"]]) {
      expect(errorOf({ ...base, [name]: wrong })).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    }
  });
});
