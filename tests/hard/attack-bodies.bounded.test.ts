import { get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiData, pngBuffer } from "../e2e/helpers/index.ts";
import { cpuMsOf, rssGrowthDuring as rssGrowthOf } from "./process-memory.ts";
import { caseRecorder } from "./report.ts";
import { rawHttpClient } from "./raw-http.ts";
import { formOf } from "./screens.ts";
import {
  INDONESIAN_FAILURE,
  isRunning,
  logIn,
  startHardStack,
  unhandledFailures,
  type HardStack,
} from "./stack.ts";

/**
 * Issue 20's body attacks on a real BFF process (the built app): points 1 (bodies of any size)
 * and 6 (bodies that trickle or stop), each reproduction and its variants. What is measured is
 * what a client observes (status, reply size, time) and the process's memory (RSS from /proc),
 * which another suite's load beside it would move: this file runs alone (vitest.config.ts).
 * Times are judged only where a loaded machine cannot move them past the bound: a lower bound
 * (not before the idle time), or a connection closed by the server long before the client gives
 * up (`GIVE_UP_MS`), where the behaviour's absence would hold it for the hour of
 * REQUEST_TIMEOUT_MS; the server's responsiveness is judged by its CPU time, which the machine's
 * other load does not stretch, and the wall times are reported.
 * Points 5 and 8, whose answers load does not change, are tests/hard/attack-errors.test.ts.
 */

const SUITE = "attack: bodies";
const IDLE_MS = 1_500;
const MiB = 1024 * 1024;
const FORM_MAX_BYTES = MiB;
/**
 * How long the client waits for the server to close a connection before it gives up: 40 idle
 * times, far below the hour (REQUEST_TIMEOUT_MS) a connection the server did not close would stay
 * open, and far above what a loaded machine adds. Closed connections end the wait at once.
 */
const GIVE_UP_MS = IDLE_MS * 40;
/** Point 1's bound on memory for one hostile body. */
const RSS_BUDGET_MiB = 16;

let stack: HardStack;
let base: string;
let port: number;
let adminCookie: string;
const { exchange, requestHead } = rawHttpClient(() => port);

beforeAll(async () => {
  stack = await startHardStack({ BODY_IDLE_TIMEOUT_MS: String(IDLE_MS) });
  base = stack.bff.url;
  port = Number(new URL(base).port);
  adminCookie = await logIn(base);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const record = caseRecorder(SUITE);

// ---------------------------------------------------------------------------------------------
// Bodies to send.

/** `bytes` of the letter `a`, in 1 MiB pieces made once. */
async function* filler(bytes: number, prefix = ""): AsyncGenerator<Buffer> {
  const piece = Buffer.alloc(MiB, 0x61);
  if (prefix) yield Buffer.from(prefix);
  for (let sent = 0; sent < bytes; sent += piece.length)
    yield bytes - sent >= piece.length
      ? piece
      : piece.subarray(0, bytes - sent);
}

/** The same, as HTTP/1.1 chunks. */
async function* chunked(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of source)
    yield Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from("\r\n"),
    ]);
  yield Buffer.from("0\r\n\r\n");
}

// ---------------------------------------------------------------------------------------------
// The BFF's memory, as the kernel counts it.

/** Runs `attack` while sampling the BFF's RSS (process-memory.ts). */
function rssGrowthDuring<T>(attack: () => Promise<T>) {
  return rssGrowthOf(stack.bff.proc.pid, attack);
}

/**
 * One /healthz on a connection of its own, its status and time: a kept-alive connection that the
 * server closed for idleness while a busy client reused it would fail the probe, not the server.
 */
function healthz(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(`${base}/healthz`, { agent: false }, (response) => {
      response.resume();
      response.once("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    }).once("error", reject);
  });
}

async function healthzMs(): Promise<number> {
  return (await healthz()).ms;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

// ---------------------------------------------------------------------------------------------

describe("point 1: every body is bounded while it is read", () => {
  const LOGIN_BYTES = 300_000_000;
  /** The BFF's CPU for three 300 MB logins refused after their first MiB (TODO measured). */
  const THREE_LOGINS_CPU_MS = 1_000;
  const form = { "Content-Type": "application/x-www-form-urlencoded" };

  it("the issue's 300 MB login: 413 in Indonesian, a small reply, RSS growth within 16 MiB", async () => {
    const variants = [
      {
        what: "with Content-Length",
        head: requestHead("POST", "/login", {
          ...form,
          "Content-Length": LOGIN_BYTES + 6,
        }),
        body: () => filler(LOGIN_BYTES, "email="),
      },
      {
        what: "chunked, no Content-Length",
        head: requestHead("POST", "/login", {
          ...form,
          "Transfer-Encoding": "chunked",
        }),
        body: () => chunked(filler(LOGIN_BYTES, "email=")),
      },
    ];
    for (const variant of variants) {
      const { result, growthMiB } = await rssGrowthDuring(() =>
        exchange(variant.head, variant.body)
      );
      const passed =
        result.status === 413 &&
        INDONESIAN_FAILURE.test(result.body) &&
        result.bodyBytes < 2_048 &&
        !result.body.includes("aaaa") &&
        growthMiB <= RSS_BUDGET_MiB;
      record(
        `login POST of 300 MB ${variant.what}`,
        `${result.status}, reply ${result.bodyBytes} B, after ${result.statusMs} ms, RSS +${growthMiB} MiB`,
        passed,
        {
          [`300 MB login ${variant.what}: RSS growth (MiB)`]: growthMiB,
          [`300 MB login ${variant.what}: reply (B)`]: result.bodyBytes,
          [`300 MB login ${variant.what}: answer (ms)`]: result.statusMs,
        }
      );
      expect(result.status, variant.what).toBe(413);
      expect(result.body).toMatch(INDONESIAN_FAILURE);
      expect(result.bodyBytes).toBeLessThan(2_048);
      expect(result.body).not.toContain("aaaa");
      expect(growthMiB, `${variant.what}: RSS growth`).toBeLessThanOrEqual(
        RSS_BUDGET_MiB
      );
      // Refused long before the 300 MB were sent.
      expect(result.sentBytes).toBeLessThan(LOGIN_BYTES / 4);
    }
  });

  it("three at once: each 413, RSS within three budgets, /healthz answers meanwhile, and the BFF's CPU stays small", async () => {
    const probes: Array<{ status: number; ms: number }> = [];
    let running = true;
    let answeredDuringAttack = 0;
    const probe = (async () => {
      while (running) {
        const answer = await healthz();
        probes.push(answer);
        if (running) answeredDuringAttack++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const cpuBefore = cpuMsOf(stack.bff.proc.pid);
    const { result, growthMiB } = await rssGrowthDuring(() =>
      Promise.all(
        [0, 1, 2].map(() =>
          exchange(
            requestHead("POST", "/login", {
              ...form,
              "Transfer-Encoding": "chunked",
            }),
            () => chunked(filler(LOGIN_BYTES, "email="))
          )
        )
      )
    );
    const cpuMs = Math.round(cpuMsOf(stack.bff.proc.pid) - cpuBefore);
    running = false;
    await probe;
    const worst = Math.round(Math.max(...probes.map((answer) => answer.ms)));
    const probeStatuses = [...new Set(probes.map((answer) => answer.status))];
    const statuses = result.map((answer) => answer.status);
    const passed =
      statuses.every((status) => status === 413) &&
      probeStatuses.join() === "200" &&
      answeredDuringAttack > 0 &&
      cpuMs <= THREE_LOGINS_CPU_MS &&
      growthMiB <= 3 * RSS_BUDGET_MiB;
    record(
      "three 300 MB logins at once, /healthz probed meanwhile",
      `${statuses.join(
        ", "
      )}; /healthz ${probeStatuses.join("/")} × ${probes.length} (${answeredDuringAttack} during the attack), worst ${worst} ms; BFF CPU ${cpuMs} ms; RSS +${growthMiB} MiB`,
      passed,
      {
        "three 300 MB logins: /healthz worst (ms)": worst,
        "three 300 MB logins: BFF CPU (ms)": cpuMs,
        "three 300 MB logins: RSS growth (MiB)": growthMiB,
      }
    );
    expect(statuses).toEqual([413, 413, 413]);
    // The process kept answering while the three were refused: every probe 200, one at least
    // answered before the attack was over (its wall time is the machine's; reported above).
    expect(probeStatuses).toEqual([200]);
    expect(answeredDuringAttack).toBeGreaterThan(0);
    // What could have held the event loop is the work the bodies cost the BFF: its CPU time,
    // which the machine's other load does not stretch. Reading on the 900 MB costs seconds of it.
    expect(cpuMs).toBeLessThanOrEqual(THREE_LOGINS_CPU_MS);
    // The budget is per hostile body: three at once get three.
    expect(growthMiB).toBeLessThanOrEqual(3 * RSS_BUDGET_MiB);
  });

  it("a login just within FORM_MAX_BYTES echoes no field beyond its own maximum length", async () => {
    const email = "a".repeat(FORM_MAX_BYTES - 10_000);
    const body = `email=${email}&password=x&extra=${"b".repeat(5_000)}`;
    const answer = await exchange(
      requestHead("POST", "/login", { ...form, "Content-Length": body.length }),
      body
    );
    const longestRun = Math.max(
      ...(answer.body.match(/a+|b+/g) ?? [""]).map((run) => run.length)
    );
    const passed =
      answer.status === 400 &&
      longestRun <= 254 &&
      answer.bodyBytes < 64 * 1024 &&
      answer.body.includes("Email terlalu panjang");
    record(
      `login POST with a ${email.length} B email`,
      `${answer.status}, reply ${answer.bodyBytes} B, longest echo ${longestRun}`,
      passed,
      {
        "990 KB login: reply (B)": answer.bodyBytes,
      }
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Email terlalu panjang");
    expect(longestRun).toBeLessThanOrEqual(254);
    expect(answer.bodyBytes).toBeLessThan(64 * 1024);
  });

  it("logout, a page and an admin form without files: the same small limit", async () => {
    const cases = [
      {
        what: "logout POST of 300 MB",
        method: "POST",
        path: "/logout",
        cookie: false,
      },
      {
        what: "GET / with a 300 MB body",
        method: "GET",
        path: "/",
        cookie: false,
      },
      {
        what: "admin genre form of 300 MB",
        method: "POST",
        path: "/admin/genre",
        cookie: true,
      },
      {
        what: "admin library form of 300 MB",
        method: "POST",
        path: "/admin/library",
        cookie: true,
      },
    ];
    const writes = stack.upstream.writes.length;
    for (const item of cases) {
      const head = requestHead(item.method, item.path, {
        ...form,
        "Content-Length": 300_000_000,
        ...(item.cookie ? { Cookie: adminCookie } : {}),
      });
      const { result, growthMiB } = await rssGrowthDuring(() =>
        exchange(head, () => filler(300_000_000, "name="))
      );
      const passed =
        result.status === 413 &&
        INDONESIAN_FAILURE.test(result.body) &&
        growthMiB <= RSS_BUDGET_MiB;
      record(
        item.what,
        `${result.status}, reply ${result.bodyBytes} B, RSS +${growthMiB} MiB`,
        passed
      );
      expect(result.status, item.what).toBe(413);
      expect(growthMiB, item.what).toBeLessThanOrEqual(RSS_BUDGET_MiB);
    }
    // A body of unknown length to an admin form without files: refused as soon as it passes the limit.
    const head = requestHead("POST", "/admin/genre", {
      ...form,
      "Transfer-Encoding": "chunked",
      Cookie: adminCookie,
    });
    const streamed = await exchange(head, () =>
      chunked(filler(50 * MiB, "intent=create&name="))
    );
    record(
      "admin genre form of 50 MB, chunked",
      `${streamed.status}`,
      streamed.status === 413
    );
    expect(streamed.status).toBe(413);
    expect(stack.upstream.writes.length).toBe(writes);
  });

  describe("an admin upload form (activity)", () => {
    let activityId: string;
    beforeAll(async () => {
      const [activity] = await apiData<Array<{ id: number | string }>>(
        stack.referenceApi.url,
        "/activities"
      );
      activityId = String(activity.id);
    });

    const multipartHead = (headers: Record<string, string | number>) =>
      requestHead("POST", `/admin/activity?modal=edit&id=${activityId}`, {
        "Content-Type": "multipart/form-data; boundary=BOUNDARY",
        Cookie: adminCookie,
        ...headers,
      });
    const field = (name: string, value: string) =>
      `--BOUNDARY\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

    /** `count` text fields of `bytes` each, made as they are sent: the are 40 of 8 MB. */
    async function* bigFields(count = 40, bytes = 8 * MiB): AsyncGenerator<Buffer> {
      yield Buffer.from(field("intent", "update") + field("id", activityId));
      for (let i = 0; i < count; i++) {
        yield Buffer.from(
          `--BOUNDARY\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n`
        );
        yield* filler(bytes);
        yield Buffer.from("\r\n");
      }
      yield Buffer.from("--BOUNDARY--\r\n");
    }
    const fortyBigFields = () => bigFields();
    const fortyBigFieldsBytes = async () => {
      let total = 0;
      for await (const chunk of fortyBigFields()) total += chunk.length;
      return total;
    };

    it("40 fields of 8 MB: 413, nothing echoed, RSS growth within 16 MiB, nothing written upstream", async () => {
      const writes = stack.upstream.writes.length;
      // The process's first upload form refused in the middle of a field compiles and allocates
      // what every later one reuses (some 20 MiB with the Vite build, once; a second attack then
      // grows nothing). One field of 8 MB first, so that what is measured is the cost of the
      // hostile body, not of the first request of its kind.
      const warmUp = await rssGrowthDuring(() =>
        exchange(multipartHead({ "Transfer-Encoding": "chunked" }), () =>
          chunked(bigFields(1, 8 * MiB))
        )
      );
      record(
        "activity upload form, one field of 8 MB, chunked (the first of its kind)",
        `${warmUp.result.status}, RSS +${warmUp.growthMiB} MiB`,
        warmUp.result.status === 413,
        { "first refused upload form: RSS growth (MiB)": warmUp.growthMiB }
      );
      expect(warmUp.result.status).toBe(413);
      const total = await fortyBigFieldsBytes();
      const variants = [
        {
          what: "with Content-Length",
          head: multipartHead({ "Content-Length": total }),
          body: fortyBigFields,
        },
        {
          what: "chunked",
          head: multipartHead({ "Transfer-Encoding": "chunked" }),
          body: () => chunked(fortyBigFields()),
        },
      ];
      for (const variant of variants) {
        const { result, growthMiB } = await rssGrowthDuring(() =>
          exchange(variant.head, variant.body)
        );
        const passed =
          result.status === 413 &&
          !result.body.includes("aaaaaaaa") &&
          result.bodyBytes < 256 * 1024 &&
          growthMiB <= RSS_BUDGET_MiB;
        record(
          `activity upload form, 40 fields × 8 MB, ${variant.what}`,
          `${result.status}, reply ${result.bodyBytes} B, RSS +${growthMiB} MiB`,
          passed,
          {
            [`40 × 8 MB fields ${variant.what}: RSS growth (MiB)`]: growthMiB,
            [`40 × 8 MB fields ${variant.what}: reply (B)`]: result.bodyBytes,
          }
        );
        expect(result.status, variant.what).toBe(413);
        expect(result.body).not.toContain("aaaaaaaa");
        expect(result.bodyBytes).toBeLessThan(256 * 1024);
        expect(growthMiB, variant.what).toBeLessThanOrEqual(RSS_BUDGET_MiB);
      }
      expect(stack.upstream.writes.length).toBe(writes);
    });

    it("text fields over FORM_MAX_BYTES together, each small: 413 with the form's message, nothing echoed", async () => {
      const writes = stack.upstream.writes.length;
      const fields = Array.from({ length: 40 }, (_, i) =>
        field(`f${i}`, "c".repeat(40_000))
      ).join("");
      const body = `${field("intent", "update")}${field(
        "id",
        activityId
      )}${field("title", "x")}${fields}--BOUNDARY--\r\n`;
      const answer = await exchange(
        multipartHead({ "Content-Length": Buffer.byteLength(body) }),
        body
      );
      const passed =
        answer.status === 413 &&
        answer.body.includes("Isian formulir melebihi batas") &&
        !answer.body.includes("cccc");
      record(
        "activity upload form, 40 fields × 40 KB (1.6 MB of text)",
        `${answer.status}, reply ${answer.bodyBytes} B`,
        passed
      );
      expect(answer.status).toBe(413);
      expect(answer.body).toContain("Isian formulir melebihi batas");
      expect(answer.body).not.toContain("cccc");
      expect(stack.upstream.writes.length).toBe(writes);
    });

    it("control: a real image within its limit is still taken", async () => {
      const writes = stack.upstream.writes.length;
      const form = formOf({
        intent: "update",
        id: activityId,
        date: "2026-11-01",
        title: "Kegiatan dengan gambar",
      });
      form.append(
        "file",
        new Blob([new Uint8Array(pngBuffer(512 * 1024))], {
          type: "image/png",
        }),
        "foto.png"
      );
      const response = await fetch(
        `${base}/admin/activity?modal=edit&id=${activityId}`,
        {
          method: "POST",
          body: form,
          headers: { Cookie: adminCookie },
          redirect: "manual",
        }
      );
      await response.text();
      const passed =
        response.status === 302 && stack.upstream.writes.length === writes + 1;
      record(
        "activity upload form with a 512 KB PNG (control)",
        `${response.status}, ${
          stack.upstream.writes.length - writes
        } write(s) upstream`,
        passed
      );
      expect(response.status).toBe(302);
      expect(stack.upstream.writes.length).toBe(writes + 1);
    });
  });
});

// Its tests run at once: each mostly waits out the idle time on its own connections, and none
// writes what another counts (point 1's memory figures are measured before, alone).
describe("a body answered before it is read is not read on", () => {
  it("1,500 refused uploads declaring 4 GB and trickling (anonymous, or an admin's cookie from another site): each answered, every connection closed by the server long before the client gives up", async () => {
    const CONNECTIONS = 1_500;
    const targets = [
      "/admin/uploads/0123456789abcdef0123456789abcdef",
      "/admin/video",
      "/admin/book",
    ];
    // Half without a session, half with the admin's cookie but another site's Origin (refused before Remix, as a bad Host is).
    const senders: Array<{ name: string; headers: Record<string, string> }> = [
      { name: "anonymous", headers: {} },
      { name: "cross-site", headers: { Cookie: adminCookie, Origin: "https://evil.example" } },
    ];
    let stop = false;
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: CONNECTIONS }, (_, index) =>
        exchange(
          requestHead("POST", targets[index % targets.length], {
            "Content-Type": "application/offset+octet-stream",
            "Content-Length": 4_000_000_000,
            ...senders[Math.floor(index / targets.length) % senders.length].headers,
          }),
          async function* () {
            yield Buffer.alloc(1024, 0x61);
            // A byte every quarter of the idle time: a drained body would stay open for the request timeout.
            while (!stop) {
              await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 4));
              yield Buffer.from("a");
            }
          },
          GIVE_UP_MS
        ).then((answer) => ({ ...answer, sender: senders[Math.floor(index / targets.length) % senders.length].name }))
      )
    );
    stop = true;
    const elapsed = Math.round(performance.now() - started);
    const statuses = [...new Set(answers.map((answer) => `${answer.sender} ${answer.status}`))].sort();
    // Closed by the server (its end, or its reset after the linger), not by this client giving
    // up: a connection the server kept, reading the trickle on, would be open for the hour.
    const notClosedByServer = answers.filter((answer) => answer.closedBy === undefined).length;
    // From the answer to the close, as this client saw them: reported, not judged (on a loaded
    // machine it is this client's and the server's lag, not the linger).
    const lingered = Math.max(0, ...answers.filter((answer) => answer.status !== 0).map((answer) => (answer.closedMs ?? Infinity) - answer.statusMs));
    // The client reads what arrived before each byte it trickles (raw-http.ts), so that an answer
    // is lost only to a reset that came between the two; nothing else may be without an answer.
    const expected = { anonymous: [302, 413], "cross-site": [403, 413] } as Record<string, number[]>;
    const answered = answers.filter((answer) => answer.status !== 0).length;
    const resetUnread = answers.filter((answer) => answer.status === 0 && answer.closedBy === "reset").length;
    const unexpected = answers.filter((answer) => !expected[answer.sender].includes(answer.status) && !(answer.status === 0 && answer.closedBy === "reset")).length;
    const crossSiteRefused = answers.filter((answer) => answer.sender === "cross-site" && answer.status === 403).length;
    // Every connection is answered and then closed by the server (`unexpected`, `notClosedByServer`):
    // what the server decides is held whole. How many answers this client reads before a reset is
    // the lag of two processes on a loaded machine, not the server's doing: the server reads what
    // trickles in during the linger so that its close resets nothing (1,500 of 1,500 read twice
    // with both cores kept busy), but a server loop lagging behind 1,500 sockets closes some before
    // it has read their last byte. Clean-clone runs beside the browser tests read 1,349 (before
    // the lingering reads) and 1,236 (after). The bound only shows the answers are sent at all.
    const READ_AT_LEAST = 0.5;
    const passed = answered >= CONNECTIONS * READ_AT_LEAST && unexpected === 0 && crossSiteRefused > 0 && notClosedByServer === 0;
    record(
      `${CONNECTIONS} refused uploads (tus, video, book; anonymous and cross-site) declaring 4 GB, trickling a byte every ${IDLE_MS / 4} ms`,
      `${answered} answered (${statuses.join(", ")}; ${resetUnread} reset before the answer was read); ${notClosedByServer} not closed by the server within ${GIVE_UP_MS} ms; closed at most ${Math.round(lingered)} ms after the answer as the client saw it (idle time ${IDLE_MS} ms); all done in ${elapsed} ms`,
      passed,
      { "1,500 refused trickling uploads: longest open after the answer (ms)": Math.round(lingered), "1,500 refused trickling uploads: all closed (ms)": elapsed }
    );
    expect(unexpected, statuses.join(",")).toBe(0);
    expect(crossSiteRefused).toBeGreaterThan(0);
    expect(answered).toBeGreaterThanOrEqual(CONNECTIONS * READ_AT_LEAST);
    expect(notClosedByServer).toBe(0);
    expect(isRunning(stack.bff)).toBe(true);
  }, GIVE_UP_MS + 60_000);
});

describe("point 6: bodies that stop or trickle", () => {
  const loginHead = (length = 100_000) =>
    requestHead("POST", "/login", {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": length,
    });

  // One connection each, at once: each mostly waits out the idle time. The 300 connections below
  // run after them, so that the timers here are not late behind that crowd's work.
  describe.concurrent("one connection each", () => {
    it("a body that stops sending gets 408 in Indonesian after the idle time, and its connection is closed by the server", async ({ expect }) => {
      const [activity] = await apiData<Array<{ id: number | string }>>(
        stack.referenceApi.url,
        "/activities"
      );
      const silentActivityId = String(activity.id);
      const targets = [
        { what: "login", head: loginHead(), first: () => "email=a" },
        {
          what: "admin upload form (activity)",
          head: requestHead("POST", "/admin/activity", {
            "Content-Type": "multipart/form-data; boundary=xx",
            "Content-Length": 10 * MiB,
            Cookie: adminCookie,
          }),
          // A whole, valid edit up to its file, whose first bytes arrive: the app relays them and waits.
          first: () =>
            `--xx\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupdate\r\n--xx\r\nContent-Disposition: form-data; name="id"\r\n\r\n${silentActivityId}\r\n` +
            '--xx\r\nContent-Disposition: form-data; name="date"\r\n\r\n2026-11-03\r\n--xx\r\nContent-Disposition: form-data; name="title"\r\n\r\nDiam\r\n' +
            '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n' +
            pngBuffer().toString("latin1"),
        },
        {
          what: "headers sent, no body byte",
          head: loginHead(),
          first: () => "",
        },
      ];
      // The three at once: each waits out the idle time on its own connection.
      const answers = await Promise.all(
        targets.map((target) =>
          exchange(target.head, async function* () {
            const first = target.first();
            if (first) yield Buffer.from(first, "latin1");
            // Then nothing, without ending the request (the client never closes it: it gives up).
          }, GIVE_UP_MS)
        )
      );
      targets.forEach((target, index) => {
        const answer = answers[index];
        const closed = answer.closedMs ?? Infinity;
        // Not before the idle time; closed by the server, where a body without an idle time would
        // be held for the hour (the client gives up after GIVE_UP_MS).
        const passed =
          answer.status === 408 &&
          INDONESIAN_FAILURE.test(answer.body) &&
          closed >= IDLE_MS - 50 &&
          answer.closedBy !== undefined;
        record(
          `${target.what}: body stops after its first bytes`,
          `${answer.status}, closed after ${answer.closedMs} ms (idle ${IDLE_MS} ms)`,
          passed,
          {
            [`silent body (${target.what}): closed after (ms)`]:
              answer.closedMs ?? -1,
          }
        );
        expect(answer.status, target.what).toBe(408);
        expect(answer.body).toMatch(INDONESIAN_FAILURE);
        expect(closed, target.what).toBeGreaterThanOrEqual(IDLE_MS - 50);
        expect(answer.closedBy, `${target.what}: closed by the server`).toBeDefined();
      });
    });

    it("a form that keeps trickling a byte at a time gets no more than the idle time in all", async ({ expect }) => {
      // A byte every fifth of the idle time until the server closes the connection, for longer than
      // the client waits: without the form's deadline it would trickle on until the client gave up.
      const bytes = GIVE_UP_MS / (IDLE_MS / 5);
      const answer = await exchange(loginHead(), async function* () {
        yield Buffer.from("email=");
        for (let i = 0; i < bytes; i++) {
          await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 5));
          yield Buffer.from("a");
        }
      }, GIVE_UP_MS);
      const closed = answer.closedMs ?? Infinity;
      const trickled = answer.sentBytes - "email=".length;
      const passed = answer.status === 408 && answer.closedBy !== undefined && trickled < bytes;
      record(
        "login body trickling a byte every idle/5",
        `${answer.status}, closed after ${answer.closedMs} ms, ${trickled} of ${bytes} bytes trickled`,
        passed,
        {
          "trickling login: closed after (ms)": answer.closedMs ?? -1,
        }
      );
      expect(answer.status).toBe(408);
      expect(answer.closedBy, `closed by the server after ${closed} ms`).toBeDefined();
      expect(trickled).toBeLessThan(bytes);
    });

    it("an upload that keeps moving keeps going past the idle time, and is taken", async ({ expect }) => {
      const [activity] = await apiData<Array<{ id: number | string }>>(
        stack.referenceApi.url,
        "/activities"
      );
      const id = String(activity.id);
      const field = (name: string, value: string) =>
        `--xx\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const head = Buffer.from(
        `${field("intent", "update")}${field("id", id)}${field(
          "date",
          "2026-11-02"
        )}${field("title", "Unggahan lambat")}` +
          '--xx\r\nContent-Disposition: form-data; name="file"; filename="lambat.png"\r\nContent-Type: image/png\r\n\r\n'
      );
      const image = pngBuffer(64 * 1024);
      const tail = Buffer.from("\r\n--xx--\r\n");
      // A piece every sixth of the idle time: a client late by most of the idle time still moves.
      const pieces = 16;
      const size = Math.ceil(image.length / pieces);
      const writes = stack.upstream.writes.length;
      const answer = await exchange(
        requestHead("POST", `/admin/activity?modal=edit&id=${id}`, {
          "Content-Type": "multipart/form-data; boundary=xx",
          "Content-Length": head.length + image.length + tail.length,
          Cookie: adminCookie,
        }),
        async function* () {
          yield head;
          for (let i = 0; i < pieces; i++) {
            await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 6));
            yield image.subarray(i * size, (i + 1) * size);
          }
          yield tail;
        }
      );
      const passed =
        answer.status === 302 &&
        answer.statusMs > IDLE_MS * 2 &&
        stack.upstream.writes.length === writes + 1;
      record(
        "activity upload moving a piece every idle/6",
        `${answer.status} after ${answer.statusMs} ms`,
        passed,
        {
          "moving upload: taken after (ms)": answer.statusMs,
        }
      );
      expect(answer.status).toBe(302);
      expect(answer.statusMs).toBeGreaterThan(IDLE_MS * 2);
      expect(stack.upstream.writes.length).toBe(writes + 1);
    });
  });

  it("300 connections trickling into /login: all closed with 408 by the server, /healthz answers meanwhile, the BFF mostly idle", async () => {
    const baseline = median(
      await Promise.all(Array.from({ length: 10 }, () => healthzMs()))
    );
    const CONNECTIONS = 300;
    const cpuBefore = cpuMsOf(stack.bff.proc.pid);
    const started = performance.now();
    // Each trickles until the server closes it (or the client gives up after GIVE_UP_MS).
    const trickles = Array.from({ length: CONNECTIONS }, () =>
      exchange(loginHead(), async function* () {
        yield Buffer.from("email=");
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          yield Buffer.from("a");
        }
      }, GIVE_UP_MS)
    );
    let open = true;
    void Promise.all(trickles).then(() => (open = false));
    const probes: Array<{ status: number; ms: number; whileOpen: boolean }> = [];
    while (performance.now() - started < IDLE_MS * 2.5) {
      const answer = await healthz();
      probes.push({ ...answer, whileOpen: open });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const answers = await Promise.all(trickles);
    const wallMs = performance.now() - started;
    const cpuMs = Math.round(cpuMsOf(stack.bff.proc.pid) - cpuBefore);
    const closedBy = Math.max(
      ...answers.map((answer) => answer.closedMs ?? Infinity)
    );
    const notClosedByServer = answers.filter((answer) => answer.closedBy === undefined).length;
    const refused = answers.filter((answer) => answer.status === 408).length;
    const latencies = probes.map((answer) => answer.ms);
    const probeStatuses = [...new Set(probes.map((answer) => answer.status))];
    const probedWhileOpen = probes.filter((answer) => answer.whileOpen).length;
    const worst = Math.round(Math.max(...latencies));
    const typical = Math.round(median(latencies));
    // The BFF's share of one core while the 300 were open: a process busy with them (work per
    // byte or per connection) would leave /healthz waiting, whatever the machine's other load.
    const cpuShare = cpuMs / wallMs;
    const passed =
      refused === CONNECTIONS &&
      notClosedByServer === 0 &&
      probeStatuses.join() === "200" &&
      probedWhileOpen > 0 &&
      cpuShare <= 0.5;
    record(
      `${CONNECTIONS} connections trickling into /login, /healthz probed meanwhile`,
      `${refused} × 408, ${notClosedByServer} not closed by the server, last closed after ${Math.round(
        closedBy
      )} ms; /healthz ${probeStatuses.join("/")} × ${probes.length} (${probedWhileOpen} while they were open), p50 ${typical} ms, worst ${worst} ms (${Math.round(
        baseline
      )} ms idle); BFF CPU ${cpuMs} ms in ${Math.round(wallMs)} ms`,
      passed,
      {
        "300 trickling connections: closed by (ms)": Math.round(closedBy),
        "300 trickling connections: /healthz p50 (ms)": typical,
        "300 trickling connections: /healthz worst (ms)": worst,
        "300 trickling connections: BFF CPU (ms)": cpuMs,
        "/healthz idle (ms)": Math.round(baseline),
      }
    );
    expect(refused).toBe(CONNECTIONS);
    expect(notClosedByServer).toBe(0);
    // /healthz answered while the 300 were open (its wall time is the machine's: reported).
    expect(probeStatuses).toEqual([200]);
    expect(probedWhileOpen).toBeGreaterThan(0);
    expect(cpuShare).toBeLessThanOrEqual(0.5);
    // The last attack of the file: the process has lived through all of them.
    expect(unhandledFailures(stack.bff)).toEqual([]);
    expect(isRunning(stack.bff)).toBe(true);
  });
});
