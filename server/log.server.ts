/**
 * One JSON line per event on stdout, for operators and log shippers.
 * Callers pass only what is safe to keep: never a token, password, cookie or file content.
 */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export function log(event: string, fields: LogFields = {}) {
  if (process.env.LOG_LEVEL === "silent") return;
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), event, ...fields }) + "\n");
}
