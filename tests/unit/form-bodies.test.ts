import { parseWithZod } from "@conform-to/zod/v4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedReply, maxLengthOf, readTextForm, requestWithForm } from "~/platform/forms.server";
import { FormRejected, IncomingForm, readLeadingFields } from "~/platform/multipart.server";
import { missionVisionScreen } from "~/resources/mission-visions/mission-visions";
import { loginSchema } from "~/forms/login";

/**
 * Form bodies a browser never sends (issue 20, points 1 and 5): every one is a refusal, none
 * hangs, none leaves an unhandled rejection; and a refused form echoes only what it may.
 */

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => {
  process.on("unhandledRejection", onUnhandled);
});
afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
});

function multipart(body: string, boundary = "xx"): Request {
  return new Request("http://bff.test/admin/slider-manager", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
}

/** What reading the form's text fields comes to, within 5 s (a hang fails the test; a busy machine does not). */
async function outcome(request: Request, fieldsMaxBytes?: number): Promise<string> {
  let form: IncomingForm;
  try {
    form = IncomingForm.open(request, fieldsMaxBytes === undefined ? {} : { fieldsMaxBytes });
  } catch (error) {
    return (error as Error).name;
  }
  const read = readLeadingFields(form, new Set(["file"])).then(
    ({ fields }) => `fields ${JSON.stringify(fields)}`,
    (error: Error) => (error instanceof FormRejected ? `FormRejected ${error.status}` : error.name),
  );
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve("hung"), 5_000).unref());
  try {
    return await Promise.race([read, timeout]);
  } finally {
    await form.discard();
  }
}

const part = (disposition: string, value = "v") => `--xx\r\n${disposition}\r\n\r\n${value}\r\n`;

describe("malformed multipart", () => {
  it.each([
    ["an empty name", `${part('Content-Disposition: form-data; name=""')}--xx--\r\n`],
    ["no name at all", `${part("Content-Disposition: form-data")}--xx--\r\n`],
    ["an empty name after a good field", `${part('Content-Disposition: form-data; name="intent"', "create")}${part('Content-Disposition: form-data; name=""')}--xx--\r\n`],
    ["a file without a name", `${part('Content-Disposition: form-data; filename="a.png"')}--xx--\r\n`],
    ["a file with an empty name", `${part('Content-Disposition: form-data; name=""; filename="a.png"')}--xx--\r\n`],
    ["an octet-stream part without a name", `--xx\r\nContent-Disposition: form-data\r\nContent-Type: application/octet-stream\r\n\r\nv\r\n--xx--\r\n`],
    ["headers only, no end", `--xx\r\nContent-Disposition: form-data; name="intent"\r\n\r\n`],
    ["a part that never ends", `${part('Content-Disposition: form-data; name="intent"', "create")}--xx\r\n`],
    ["a header line that never ends", `--xx\r\nContent-Disposition: form-data; name="a${"b".repeat(100_000)}`],
    ["no boundary at all", "garbage"],
  ])("%s is refused as malformed, at once", async (_, body) => {
    expect(await outcome(multipart(body))).toBe("MalformedForm");
  });

  it.each([
    ["duplicate boundaries", "--xx\r\n--xx\r\n--xx--\r\n"],
    ["only the closing boundary", "--xx--\r\n"],
    ["a part without Content-Disposition", "--xx\r\nContent-Type: text/plain\r\n\r\nv\r\n--xx--\r\n"],
  ])("%s is read as a form without fields, at once", async (_, body) => {
    expect(await outcome(multipart(body))).toBe("fields []");
  });

  it("refuses a content type that is no form, or multipart without a boundary", async () => {
    const json = new Request("http://bff.test/login", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(await outcome(json)).toBe("MalformedForm");
    const noBoundary = new Request("http://bff.test/login", { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "x" });
    expect(await outcome(noBoundary)).toBe("MalformedForm");
  });

  it("caps the text fields together (413), and any one field at that cap", async () => {
    const field = (name: string, size: number) => part(`Content-Disposition: form-data; name="${name}"`, "a".repeat(size));
    const many = `${Array.from({ length: 5 }, (_, i) => field(`f${i}`, 3_000)).join("")}--xx--\r\n`;
    expect(await outcome(multipart(many), 10_000)).toBe("FormRejected 413");
    expect(await outcome(multipart(`${field("one", 20_000)}--xx--\r\n`), 10_000)).toBe("FormRejected 413");
    expect(await outcome(multipart(`${field("one", 2_000)}--xx--\r\n`), 10_000)).toMatch(/^fields /);
  });

  it("left no unhandled rejection behind", async () => {
    // Node reports a rejection nobody handled once the task that made it has run its next ticks
    // and microtasks. The forms above read bodies held in memory, so all that reading and
    // discarding them set off runs in ticks and microtasks: by this immediate, a later task, any
    // rejection they left has been reported.
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  });
});

describe("readTextForm", () => {
  it("reads a urlencoded or multipart form's text fields", async () => {
    const urlencoded = new Request("http://bff.test/login", { method: "POST", body: new URLSearchParams({ email: "a@b.c", password: "x" }) });
    const read = await readTextForm(urlencoded);
    expect(read.ok && Object.fromEntries(read.formData)).toEqual({ email: "a@b.c", password: "x" });
    const fromMultipart = await readTextForm(multipart(`${part('Content-Disposition: form-data; name="email"', "a@b.c")}--xx--\r\n`));
    expect(fromMultipart.ok && Object.fromEntries(fromMultipart.formData)).toEqual({ email: "a@b.c" });
  });

  it("answers a body that is no readable form with an Indonesian refusal, not an exception", async () => {
    const json = new Request("http://bff.test/login", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(await readTextForm(json)).toEqual({ ok: false, status: 400, message: "Formulir tidak dapat dibaca. Silakan coba kirim ulang." });
    expect(await readTextForm(multipart(`${part('Content-Disposition: form-data; name=""')}--xx--\r\n`))).toMatchObject({ ok: false, status: 400 });
  });

  it("hands the form on as a urlencoded request with the same headers and signal", async () => {
    const controller = new AbortController();
    const original = new Request("http://bff.test/login", {
      method: "POST",
      headers: { "x-request-id": "abc", "content-type": "multipart/form-data; boundary=xx" },
      body: "ignored",
      signal: controller.signal,
    });
    const form = new FormData();
    form.append("email", "a@b.c");
    const copy = requestWithForm(original, form);
    expect(copy.headers.get("x-request-id")).toBe("abc");
    expect(Object.fromEntries(await copy.formData())).toEqual({ email: "a@b.c" });
    controller.abort();
    expect(copy.signal.aborted).toBe(true);
  });
});

describe("boundedReply", () => {
  it("reads each field's maximum from its schema", () => {
    expect(maxLengthOf(loginSchema.shape.email)).toBe(254);
    expect(maxLengthOf(loginSchema.shape.password)).toBe(1024);
    expect(maxLengthOf(loginSchema.shape.redirectTo)).toBe(2048);
    expect(maxLengthOf(missionVisionScreen.schema.shape.vision)).toBe(100_000);
  });

  it("echoes only the schema's fields, each cut to its maximum", () => {
    const form = new FormData();
    form.append("email", "a".repeat(300_000));
    form.append("password", "secret");
    form.append("redirectTo", "/admin");
    form.append("injected", "b".repeat(100_000));
    const submission = parseWithZod(form, { schema: loginSchema });
    const reply = boundedReply(submission.reply({ hideFields: ["password"] }), loginSchema);
    expect(reply.initialValue).toEqual({ email: "a".repeat(254), redirectTo: "/admin" });
    expect(reply.fields ?? []).not.toContain("injected");
    expect(JSON.stringify(reply).length).toBeLessThan(2_000);
    expect(reply.error?.email).toEqual(["Email terlalu panjang"]);
  });

  it("keeps the form's other fields (a file input, intent) within 255 characters, and their errors", () => {
    const form = new FormData();
    form.append("email", "a@b.c");
    form.append("intent", "i".repeat(10_000));
    const submission = parseWithZod(form, { schema: loginSchema });
    const reply = boundedReply(submission.reply({ fieldErrors: { file: ["Ukuran berkas melebihi batas 10 MB"] } }), loginSchema, {
      otherFields: ["file", "intent"],
    });
    expect(reply.initialValue?.intent).toBe("i".repeat(255));
    expect(reply.error?.file).toEqual(["Ukuran berkas melebihi batas 10 MB"]);
  });
});
