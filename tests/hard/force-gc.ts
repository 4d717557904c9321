import { subscribe } from "node:diagnostics_channel";
import { writeSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { getHeapSpaceStatistics } from "node:v8";

/**
 * Preload (`--import`) for tests/hard/long-run-gc.test.ts: forces garbage collections on a short
 * timer in the process under test, and reports how many on stderr, one line per tick:
 *
 *     force-gc {"full":12,"atAllocation":12,"at":1764000000000}
 *
 * A tick runs only while no HTTP request is in flight in the process (the site's or its
 * reference API's, counted through `http.server.request.start`): its collections fall between
 * requests, as on a quiet server, and a request is never held up by them (a full collection of this
 * process takes some 40 ms; on every tick of a busy process, requests took several times longer).
 * Each tick forces two kinds of collection:
 *
 * - `atAllocation`: JavaScript allocates short-lived objects until V8 has had to collect (the new
 *   space's use drops). That collection runs inside V8's allocation path, where no context is
 *   entered: the GC a busy server meets between its own allocations, and the one in which
 *   better-sqlite3 12's statements, finalised there, abort Node 24.19+ (`Assertion failed: (env) !=
 *   nullptr`, node::RemoveEnvironmentCleanupHook, Statement::~Statement). `gc()` alone does not
 *   show it: it is called from JavaScript with the context entered, and finalises them safely.
 * - `full`: `globalThis.gc()`, a full (major) collection, which needs `--expose-gc`.
 *
 * Only erasable TypeScript and node: modules here, so that Node can load it before tsx's hooks.
 * NODE_OPTIONS, through which the test may pass it, is removed from this process's environment so
 * that no child process (a build, were one due) inherits the preload.
 */

const collect = globalThis.gc;
if (typeof collect !== "function") throw new Error("tests/hard/force-gc.ts needs --expose-gc");
delete process.env.NODE_OPTIONS;

const TICK_MS = Number(process.env.FORCE_GC_TICK_MS ?? 20);
/** Objects allocated between two looks at the new space. */
const CHUNK = 2_048;
/** A burst that has not met a collection after this many objects gives up (counted as none). */
const MAX_OBJECTS = 4_000_000;

let inFlight = 0;
subscribe("http.server.request.start", (message) => {
  inFlight++;
  (message as { response: ServerResponse }).response.once("close", () => inFlight--);
});

let full = 0;
let atAllocation = 0;
/** Holds the last chunk from outside the loop, so that its allocations cannot be optimised away. */
const held: unknown[] = [];

function newSpaceUsed(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_used_size ?? 0;
}

/** Allocates until V8 collects (the new space's use goes down); true when it did. */
function allocateUntilCollected(): boolean {
  let before = newSpaceUsed();
  for (let made = 0; made < MAX_OBJECTS; made += CHUNK) {
    const chunk: Array<{ n: number; s: string }> = [];
    for (let i = 0; i < CHUNK; i++) chunk.push({ n: made + i, s: `x${i}` });
    held[0] = chunk;
    const now = newSpaceUsed();
    if (now < before) return true;
    before = now;
  }
  return false;
}

function tick() {
  if (inFlight > 0) return;
  if (allocateUntilCollected()) atAllocation++;
  collect!();
  full++;
  held.length = 0;
  writeSync(2, `force-gc ${JSON.stringify({ full, atAllocation, at: Date.now() })}\n`);
}

setInterval(tick, TICK_MS).unref();
