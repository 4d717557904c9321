import { inspect } from "node:util";

/**
 * One JSON line per event on stdout, for operators and log shippers.
 * Callers pass only what is safe to keep: never a token, password, cookie or file content.
 */
export type LogValue = string | number | boolean | null | undefined | LogValue[] | { [name: string]: LogValue };
export type LogFields = Record<string, LogValue>;

export function log(event: string, fields: LogFields = {}) {
  if (process.env.LOG_LEVEL?.trim().toLowerCase() === "silent") return;
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), event, ...fields }) + "\n");
}

/**
 * What a log line says of an error: its name, code and message, and where it came from (the
 * stack's first frames, one line). A thrown value that is no Error is written as Node's inspect
 * shows it (circular ones too), never as "[object Object]".
 */
export function errorFields(error: unknown): { error: string; stack?: string } {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      error: `${error.name}${code ? ` ${code}` : ""}: ${error.message}`,
      stack: error.stack?.split("\n").slice(1, 6).map((frame) => frame.trim()).join(" | ") || undefined,
    };
  }
  if (typeof error === "string") return { error };
  return { error: inspect(error, { depth: 3, breakLength: Infinity }).slice(0, 1000) };
}
