import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RESIZES_PER_ADDRESS } from "~/platform/images.server";
import { IMAGE_WIDTHS } from "~/lib/images";
import { FILE_MESSAGES } from "~/lib/file-kinds";
import { apiData, decodeHtmlEntities } from "../e2e/helpers/index.ts";
import { referenceApiToken } from "../e2e/helpers/reference-api.ts";
import { giantGif, giantJpeg, giantPng, giantWebp, padJpeg, pngChunk } from "../helpers/image-headers.ts";
import { caseRecorder } from "./report.ts";
import { ADMIN_SCREENS, formOf } from "./screens.ts";
import { logIn, startHardStack, unhandledFailures, type HardStack } from "./stack.ts";

/**
 * Issue 20, point 7: image resizing could burn the CPU. A truncated 49-megapixel PNG (refused at
 * upload since, but stored by another tool) asked for
 * 21 times at once with `?w=` was decoded 21 times (every failure retried on every request),
 * and a 900-megapixel PNG was taken at upload. Here, against a real BFF process: the burst
 * costs one decode (CPU time read from the process's /proc entry), from one address or from
 * 21, and later bursts none; giants of every format are refused at upload on every image field
 * of every admin screen, before anything reaches the upstream.
 */

let stack: HardStack;
let base: string;
let adminCookie: string;
const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

beforeAll(async () => {
  // Nothing here tests the upstream's deadline: a burst's 21 reads of the original, from the
  // reference API in this very process, may take more than the suites' 2 s beside a whole CI run
  // (once, 5 of 21 were not sent to the original; a read past its deadline is answered 502).
  stack = await startHardStack({ UPSTREAM_TIMEOUT_MS: "30000" });
  base = stack.bff.url;
  adminCookie = await logIn(base);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const record = caseRecorder("attack");

/** CPU time (user + system) the BFF process has used so far, in milliseconds. */
function bffCpuMs(): number {
  const stat = readFileSync(`/proc/${stack.bff.proc.pid}/stat`, "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces: state is the first.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** CPU the BFF spent while `work` ran, and its wall time. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number; wallMs: number }> {
  const cpuBefore = bffCpuMs();
  const started = performance.now();
  const result = await work();
  return { result, cpuMs: bffCpuMs() - cpuBefore, wallMs: Math.round(performance.now() - started) };
}

/** A GET from a chosen loopback address (127.0.0.0/8 is all this machine's), body read and dropped. */
function getFrom(path: string, accept: string, localAddress = "127.0.0.1"): Promise<{ status: number; location?: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: hostname, port, path, localAddress, headers: { accept }, agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

const ACCEPTS = ["image/avif,image/webp,image/*,*/*;q=0.8", "image/webp,*/*", "*/*"];
/** Every width with every format: the 21 different variants of one original. */
const EVERY_VARIANT = IMAGE_WIDTHS.flatMap((width) => ACCEPTS.map((accept) => ({ width, accept })));

/**
 * A 7000 × 7000 PNG (49 megapixels, under the limit) cut off at 90% of its bytes: one row of
 * noise, then rows that repeat it (Paeth-filtered to zeros), so the file is small (about 180 KB)
 * and decoding it costs what 49 megapixels cost.
 */
function truncatedLargePng(): Buffer {
  const width = 7000;
  const height = 7000;
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  randomBytes(width * 3).copy(raw, 1);
  for (let y = 1; y < height; y++) raw[y * row] = 4;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const whole = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(raw, { level: 6 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  return whole.subarray(0, Math.floor(whole.length * 0.9));
}

interface Activity {
  id: number | string;
  file: string | null;
}

const activities = () => apiData<Activity[]>(stack.referenceApi.url, "/activities");

/** Posts an update of `screen`'s record `id` with `file` in `field`, through the admin form. */
async function uploadTo(screenPath: string, id: string, valid: Record<string, string | string[]>, field: string, file: Buffer, name: string, type: string) {
  const form = formOf({ intent: "update", id, ...valid });
  form.append(field, new Blob([new Uint8Array(file)], { type }), name);
  const response = await fetch(`${base}${screenPath}?modal=edit&id=${id}`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: base },
    body: form,
    redirect: "manual",
  });
  return { status: response.status, text: decodeHtmlEntities(await response.text()) };
}

const activityScreen = ADMIN_SCREENS.find((screen) => screen.path === "/admin/activity")!;

/** The image-variant failures the BFF logged for `name`: one per decode that failed. */
function failedDecodes(name: string): number {
  return stack.bff.proc.logLines().filter((line) => line.event === "image_variant_failed" && line.name === name).length;
}

describe("resizing a truncated 49-megapixel PNG", () => {
  /** Stored names of three copies: one to measure a single decode, one per burst. */
  const copies: string[] = [];
  let oneDecodeMs = 0;

  it("is refused at upload (its end is missing), so it is stored straight at the upstream, as another tool could store it", async () => {
    const png = truncatedLargePng();
    const ids = (await activities()).slice(0, 3).map((activity) => String(activity.id));
    expect(ids).toHaveLength(3);
    const before = (await activities()).find((activity) => String(activity.id) === ids[0])?.file;
    const filesFolder = path.join(stack.referenceDataDir, "files");
    const filesBefore = (await readdir(filesFolder)).sort();
    const refused = await uploadTo(activityScreen.path, ids[0], activityScreen.valid, "file", png, "besar.png", "image/png");
    expect(refused.status, refused.text.slice(0, 300)).toBe(400);
    expect(refused.text).toContain(FILE_MESSAGES.brokenImage);
    expect((await activities()).find((activity) => String(activity.id) === ids[0])?.file).toBe(before);
    // The upstream's request was aborted before the file's end: it kept nothing, not even a temporary file.
    await expect.poll(async () => (await readdir(filesFolder)).sort()).toEqual(filesBefore);
    const token = await referenceApiToken(stack.referenceApi.url);
    for (const id of ids) {
      const form = new FormData();
      form.set("id", id);
      form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "besar.png");
      const stored = await fetch(`${stack.referenceApi.url}/api/activities`, { method: "PUT", headers: { Authorization: `Bearer ${token}` }, body: form });
      expect(stored.status).toBe(200);
    }
    const stored = await activities();
    for (const id of ids) copies.push(String(stored.find((activity) => String(activity.id) === id)?.file).replace(/^.*\/files\//, ""));
    const passed = copies.every((name) => /^[\w.-]+$/.test(name)) && new Set(copies).size === 3;
    record(`upload: a truncated 7000×7000 PNG (${png.length} B)`, `400 through the site; stored at the upstream as ${copies.join(", ")}`, passed);
    expect(passed).toBe(true);
  });

  it("one ?w= request costs one decode, and answers with the original", async () => {
    const { result, cpuMs, wallMs } = await measured(() => getFrom(`/files/${copies[0]}?w=640`, ACCEPTS[0]));
    oneDecodeMs = cpuMs;
    const passed = result.status === 302 && result.location === `/files/${copies[0]}` && failedDecodes(copies[0]) === 1;
    record("?w=640 of the truncated 49 MP PNG, once", `${result.status} to ${result.location}; BFF CPU ${cpuMs} ms, ${wallMs} ms`, passed, {
      "one decode, CPU (ms)": cpuMs,
    });
    expect(passed).toBe(true);
    // A decode this small would say nothing about the burst below.
    expect(cpuMs).toBeGreaterThan(50);
  });

  for (const [what, copy, addressOf] of [
    ["from one address", 1, () => "127.0.0.1"],
    ["from 21 addresses (127.0.0.2-22)", 2, (index: number) => `127.0.0.${index + 2}`],
  ] as const) {
    it(`21 parallel requests of every width and format ${what}: one decode, every answer the original`, async () => {
      const name = copies[copy];
      const { result, cpuMs, wallMs } = await measured(() =>
        Promise.all(EVERY_VARIANT.map(({ width, accept }, index) => getFrom(`/files/${name}?w=${width}`, accept, addressOf(index)))),
      );
      const toOriginal = result.filter((answer) => answer.status === 302 && answer.location === `/files/${name}`).length;
      const decodes = failedDecodes(name);
      // 21 decodes would cost about 21 × one; one decode and 20 cheap answers well under 4 ×.
      const bounded = cpuMs < 4 * oneDecodeMs;
      const passed = toOriginal === 21 && decodes === 1 && bounded;
      record(
        `21 parallel ?w= of the truncated 49 MP PNG ${what}`,
        `${toOriginal}/21 sent to the original, ${decodes} decode; BFF CPU ${cpuMs} ms (one decode: ${oneDecodeMs} ms), ${wallMs} ms`,
        passed,
        { [`burst ${what}, CPU (ms)`]: cpuMs, [`burst ${what}, decodes`]: decodes },
      );
      expect(toOriginal, `answers: ${result.map((answer) => answer.status).join(" ")}`).toBe(21);
      expect(decodes).toBe(1);
      expect(cpuMs).toBeLessThan(4 * oneDecodeMs);

      // Again, now that the failure is remembered: no decode at all.
      const again = await measured(() => Promise.all(EVERY_VARIANT.map(({ width, accept }, index) => getFrom(`/files/${name}?w=${width}`, accept, addressOf(index)))));
      const againPassed = again.result.every((answer) => answer.status === 302) && failedDecodes(name) === 1 && again.cpuMs < oneDecodeMs;
      record(
        `21 more parallel ?w= ${what}, after the failure`,
        `${again.result.filter((answer) => answer.status === 302).length}/21 sent to the original, ${failedDecodes(name) - 1} more decodes; BFF CPU ${again.cpuMs} ms`,
        againPassed,
        { [`repeat burst ${what}, CPU (ms)`]: again.cpuMs },
      );
      expect(againPassed).toBe(true);
    });
  }

  it("a good picture: one address gets at most MAX_RESIZES_PER_ADDRESS new variants at a time, the rest the original at once", async () => {
    const picture = (await activities()).find((activity) => activity.file && !copies.some((name) => activity.file?.endsWith(name)))?.file;
    expect(picture).toBeTruthy();
    const name = String(picture).replace(/^.*\/files\//, "");
    const answers = await Promise.all(EVERY_VARIANT.map(({ width, accept }) => getFrom(`/files/${name}?w=${width}`, accept)));
    const resized = answers.filter((answer) => answer.status === 200).length;
    const toOriginal = answers.filter((answer) => answer.status === 302 && answer.location === `/files/${name}`).length;
    // A page's worth are made (the bound itself is shown, gated, in image-variants.isolated.test.ts); a
    // request that arrives after one of them finished may be admitted too.
    const passed = resized >= MAX_RESIZES_PER_ADDRESS && resized + toOriginal === 21;
    record("21 parallel new variants of a good picture from one address", `${resized} resized, ${toOriginal} sent to the original`, passed);
    expect(passed).toBe(true);
  });
});

describe("giant pictures at upload", () => {
  async function storedFile(id: string) {
    return (await activities()).find((activity) => String(activity.id) === id)?.file ?? null;
  }

  const giants: Array<{ what: string; bytes: () => Promise<Buffer>; type: string; expected: RegExp }> = [
    { what: "a 30000×30000 PNG (900 MP), header only", bytes: async () => giantPng(30_000, 30_000), type: "image/png", expected: /30\.000 × 30\.000 piksel melebihi batas 50 megapiksel/ },
    { what: "a 10000×5001 PNG (one row over 50 MP)", bytes: async () => giantPng(10_000, 5_001), type: "image/png", expected: /10\.000 × 5\.001 piksel melebihi batas 50 megapiksel/ },
    { what: "a 30000×30000 JPEG, header only", bytes: () => giantJpeg(30_000, 30_000), type: "image/jpeg", expected: /30\.000 × 30\.000 piksel melebihi batas 50 megapiksel/ },
    {
      what: "a 30000×30000 JPEG behind 300 KB of metadata",
      bytes: async () => padJpeg(await giantJpeg(30_000, 30_000), 300_000),
      type: "image/jpeg",
      expected: /30\.000 × 30\.000 piksel melebihi batas 50 megapiksel/,
    },
    {
      what: "a JPEG whose frame header lies past 2 MB of metadata",
      bytes: async () => padJpeg(await giantJpeg(800, 600), 2 * 1024 * 1024),
      type: "image/jpeg",
      expected: /Ukuran gambar tidak dapat dibaca/,
    },
    { what: "a 16384×16384 WebP (268 MP), header only", bytes: async () => giantWebp(16_384, 16_384), type: "image/webp", expected: /16\.384 × 16\.384 piksel melebihi/ },
    { what: "a 65535×65535 GIF (4.3 GP), header only", bytes: async () => giantGif(65_535, 65_535), type: "image/gif", expected: /65\.535 × 65\.535 piksel melebihi/ },
  ];

  for (const giant of giants) {
    it(`refuses ${giant.what} in Indonesian, before anything reaches the upstream`, async () => {
      const id = String((await activities())[0].id);
      const before = await storedFile(id);
      const mark = stack.upstream.writes.length;
      const response = await uploadTo(activityScreen.path, id, activityScreen.valid, "file", await giant.bytes(), "foto", giant.type);
      const writes = stack.upstream.writesSince(mark).length;
      const unchanged = (await storedFile(id)) === before;
      const shown = giant.expected.test(response.text);
      const passed = response.status === 400 && shown && writes === 0 && unchanged;
      record(`upload: ${giant.what}`, `${response.status}, ${shown ? "message shown" : "NO MESSAGE"}, ${writes} upstream writes${unchanged ? ", record unchanged" : ", RECORD CHANGED"}`, passed);
      expect(response.status).toBe(400);
      expect(response.text).toMatch(giant.expected);
      expect(writes).toBe(0);
      expect(unchanged).toBe(true);
    });
  }

  it("refuses the 900-megapixel PNG on every image field of every admin screen (the video's thumbnail and background too)", async () => {
    const giant = giantPng(30_000, 30_000);
    const failures: string[] = [];
    let tried = 0;
    for (const screen of ADMIN_SCREENS) {
      for (const field of screen.definition.fields.filter((candidate) => candidate.type === "file" && candidate.accept === "image")) {
        tried++;
        const mark = stack.upstream.writes.length;
        const response = await uploadTo(screen.path, "1", screen.valid, field.name, giant, "raksasa.png", "image/png");
        const writes = stack.upstream.writesSince(mark).length;
        const shown = /30\.000 × 30\.000 piksel melebihi batas 50 megapiksel/.test(response.text);
        const passed = response.status === 400 && shown && writes === 0;
        record(`upload: 900 MP PNG in ${screen.path} "${field.name}"`, `${response.status}, ${shown ? "message shown" : "NO MESSAGE"}, ${writes} upstream writes`, passed);
        if (!passed) failures.push(`${screen.path} ${field.name}: ${response.status}, ${writes} writes, ${response.text.slice(0, 200)}`);
      }
    }
    expect(tried).toBeGreaterThanOrEqual(10);
    expect(failures).toEqual([]);
  });

  it("left no unhandled failure in the BFF's log", () => {
    expect(unhandledFailures(stack.bff)).toEqual([]);
  });
});
