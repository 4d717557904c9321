import type { BuildVersion } from "./build-version.server.ts";
import type { Config } from "./config.server.ts";
import type { LogFields, LogValue } from "./log.server.ts";

/**
 * The process's first log line: which release runs (the build's version file), on which Node,
 * with which settings, so that an operator reading a log knows what produced it. Secrets never
 * appear: a setting named like a secret, password or token is written as "(set)", and a URL's
 * user and password are dropped (a Redis URL often carries its password).
 */

const SECRET_NAME = /secret|password|token|key/i;

export function startLine(config: Config, build: BuildVersion): LogFields {
  return {
    version: build.version,
    commit: build.commit,
    built_at: build.builtAt,
    node: process.version,
    settings: redacted(config) as LogFields,
  };
}

/** A copy of `value` fit for a log: secrets named, not shown; URLs without their user info. */
export function redacted(value: unknown, name = ""): LogValue {
  if (SECRET_NAME.test(name)) return value === undefined ? undefined : "(set)";
  if (typeof value === "string") return withoutUserInfo(value);
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((item) => redacted(item, name));
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, redacted(item, key)]));
  }
  return undefined;
}

function withoutUserInfo(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text;
  try {
    const url = new URL(text);
    if (!url.username && !url.password) return text;
    url.username = "";
    url.password = "";
    return url.href;
  } catch {
    return text.replace(/\/\/[^@/]*@/, "//");
  }
}
