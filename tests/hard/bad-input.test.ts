import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { decode } from "turbo-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRecordId } from "~/admin-kit/url-state";
import { FULL, reportCase } from "./report.ts";
import { ADMIN_SCREENS, formOf, type AdminScreen } from "./screens.ts";
import { INDONESIAN_FAILURE, logIn, startHardStack, unhandledFailures, type HardStack } from "./stack.ts";

/**
 * Property-based bad input to every admin action of a real BFF process: each screen's valid
 * update, mutated by fast-check (fields dropped, repeated, replaced with wrong types, huge
 * strings, impossible dates, non-numbers; the id and intent too). Every submission the form's
 * own schema refuses must be answered with a 4xx whose every message is Indonesian, and must not
 * reach the upstream. None may ever be answered with a 5xx.
 */

const RUNS_PER_SCREEN = FULL ? 150 : 12;

type Fields = Record<string, string | string[]>;

const hugeString = fc
  .tuple(fc.constantFrom("a", "é", "蔵", "😀", " ", "<", "0"), fc.integer({ min: 256, max: FULL ? 300_000 : 120_000 }))
  .map(([unit, count]) => unit.repeat(count));

const oddValue = fc.oneof(
  fc.constantFrom(
    "",
    "   ",
    "NaN",
    "Infinity",
    "-1",
    "1e309",
    "0x1F",
    "1.2.3",
    "1,5,6",
    "abc",
    "2026-02-30",
    "2026-13-01",
    "31/12/2026",
    "0000-00-00",
    "9999-99-99T99:99",
    "null",
    "undefined",
    "[object Object]",
    '{"a":1}',
    "\u0000",
    "../../etc/passwd",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  hugeString,
);

/** A mutation of one field: kept, dropped, replaced, or sent twice (a list where one value is expected). */
const fieldMutation = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: "keep" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "drop" as const }) },
  { weight: 3, arbitrary: oddValue.map((value) => ({ kind: "replace" as const, value })) },
  { weight: 1, arbitrary: fc.tuple(oddValue, oddValue).map(([a, b]) => ({ kind: "repeat" as const, values: [a, b] })) },
);

function submissionFor(screen: AdminScreen) {
  const names = ["intent", "id", ...Object.keys(screen.valid)];
  const base: Fields = { intent: "update", id: "1", ...screen.valid };
  return fc
    .record(Object.fromEntries(names.map((name) => [name, name === "intent" || name === "id" ? fc.oneof({ weight: 4, arbitrary: fc.constant({ kind: "keep" as const }) }, fieldMutation) : fieldMutation])))
    .map((mutations) => {
      const fields: Fields = {};
      for (const name of names) {
        const mutation = mutations[name];
        if (mutation.kind === "keep") fields[name] = base[name];
        else if (mutation.kind === "replace") fields[name] = mutation.value;
        else if (mutation.kind === "repeat") fields[name] = mutation.values;
      }
      return fields;
    })
    .filter((fields) => !acceptedByTheForm(screen, fields));
}

/**
 * What the server itself would accept: an update (the first `intent`) of a well-formed id (the
 * first `id`) whose fields the screen's schema passes. An id the upstream does not know is the
 * upstream's to refuse, so such submissions are not "invalid input" here.
 */
function acceptedByTheForm(screen: AdminScreen, fields: Fields): boolean {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  if (first(fields.intent) !== "update" || !isRecordId(first(fields.id))) return false;
  return parseWithZod(formOf(fields), { schema: screen.definition.schema }).status === "success";
}

/** Every message in an action's data (field errors, form errors, the alert). */
function messagesOf(answer: unknown): string[] {
  const body = answer as { result?: { error?: Record<string, string[] | null> }; alert?: { message: string } } | null;
  const errors = Object.values(body?.result?.error ?? {}).flatMap((messages) => messages ?? []);
  return [...errors, ...(body?.alert ? [body.alert.message] : [])];
}

/**
 * The messages of an answer: the action's data (turbo-stream), or the process's own page where
 * it refused the body before the app read it (over FORM_MAX_BYTES: 413, server/request-body.server.ts).
 */
async function answerMessages(response: Response): Promise<string[]> {
  if (response.status === 413 && response.headers.get("content-type")?.startsWith("text/html")) {
    const page = await response.text();
    return [/<p>([^<]*)<\/p>/.exec(page)?.[1] ?? ""];
  }
  const decoded = await decode(response.body!);
  await decoded.done;
  return messagesOf((decoded.value as { data?: unknown }).data);
}

let stack: HardStack;
let cookie: string;

beforeAll(async () => {
  stack = await startHardStack();
  cookie = await logIn(stack.bff.url);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe("bad input to every admin action", () => {
  for (const screen of ADMIN_SCREENS) {
    it(`${screen.path}: ${RUNS_PER_SCREEN} invalid submissions, each a 4xx in Indonesian with nothing written upstream`, async () => {
      let tried = 0;
      const statuses = new Map<number, number>();
      const details = await fc.check(
        fc.asyncProperty(submissionFor(screen), async (fields) => {
          tried++;
          const writesBefore = stack.upstream.writes.length;
          // `.data` asks Remix for the action's data (turbo-stream), as the admin's browser does with JavaScript on.
          const response = await fetch(`${stack.bff.url}${screen.path}.data?modal=edit&id=1`, {
            method: "POST",
            headers: { cookie, origin: stack.bff.url },
            body: formOf(fields),
            redirect: "manual",
          });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const messages = await answerMessages(response);
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect(messages.length).toBeGreaterThan(0);
          for (const message of messages) expect(message).toMatch(INDONESIAN_FAILURE);
          expect(stack.upstream.writes.slice(writesBefore)).toEqual([]);
        }),
        { numRuns: RUNS_PER_SCREEN, endOnFailure: true },
      );
      if (details.failed) {
        const example = JSON.stringify(details.counterexample?.[0], (_key, value: unknown) =>
          typeof value === "string" && value.length > 60 ? `${value.slice(0, 20)}…(${value.length} chars)` : value,
        );
        const problem = String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance).split("\n")[0].slice(0, 200);
        reportCase({ suite: "bad-input", tried: `${screen.path}: ${tried} invalid submissions`, got: `${example}: ${problem}`, passed: false });
        expect.fail(`${example}: ${problem}`);
      }
      const got = [...statuses].map(([status, count]) => `${count}×${status}`).join(", ");
      reportCase({ suite: "bad-input", tried: `${screen.path}: ${tried} invalid submissions`, got: `${got}; 0 upstream writes`, passed: true, figures: { submissions: tried } });
    });
  }

  it("a valid submission does reach the upstream (the refusals above are not a refusal of everything)", async () => {
    const screen = ADMIN_SCREENS.find((candidate) => candidate.path === "/admin/genre")!;
    const writesBefore = stack.upstream.writes.length;
    const response = await fetch(`${stack.bff.url}${screen.path}`, {
      method: "POST",
      headers: { cookie, origin: stack.bff.url },
      body: formOf({ intent: "create", name: "Genre keandalan" }),
      redirect: "manual",
    });
    const writes = stack.upstream.writes.slice(writesBefore);
    reportCase({ suite: "bad-input", tried: "control: a valid new genre", got: `${response.status}, ${writes.length} upstream write`, passed: response.status === 302 && writes.length === 1 });
    expect(response.status).toBe(302);
    expect(writes).toHaveLength(1);
  });

  it("left no unhandled failure in the BFF", () => {
    expect(unhandledFailures(stack.bff)).toEqual([]);
  });
});
