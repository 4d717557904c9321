import { describe, expect, it } from "vitest";
import { errorFields } from "@server/log.server";

/** How a log line says an error: never "[object Object]", always where it came from. */
describe("errorFields", () => {
  it("names an Error with its code, message and the first frames of its stack", () => {
    const error = Object.assign(new Error("permission denied, mkdir '/data/uploads'"), { code: "EACCES" });
    const fields = errorFields(error);
    expect(fields.error).toBe("Error EACCES: permission denied, mkdir '/data/uploads'");
    expect(fields.stack).toMatch(/log\.test\.ts:\d+/);
    expect(fields.stack).not.toContain("\n");
  });

  it("writes a thrown value that is no Error as Node shows it, a string as it is", () => {
    expect(errorFields({ status_code: 500, body: "gagal" })).toEqual({ error: "{ status_code: 500, body: 'gagal' }" });
    expect(errorFields("ditolak")).toEqual({ error: "ditolak" });
    expect(errorFields(undefined)).toEqual({ error: "undefined" });
    const circular: Record<string, unknown> = { code: "X" };
    circular.self = circular;
    expect(errorFields(circular).error).toBe("<ref *1> { code: 'X', self: [Circular *1] }");
  });
});
