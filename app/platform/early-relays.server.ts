import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { getConfig } from "@server/config.server";
import { errorFields, log } from "@server/log.server";
import { UPSTREAM_WRITE_BYTES, type FilePart } from "./multipart.server.ts";

/**
 * Early relays (issue 51): a resumable upload sent on to its upload call while its pieces arrive.
 *
 * A finished upload reaches the upstream only when its form is saved (stored-uploads.server.ts),
 * and then at the upstream's pace: 2-4 s per GiB after the admin pressed "Simpan" on one machine,
 * far longer over a network. A file field whose upload call takes the file alone (spec §7's
 * `/upload/video`) may instead start that call at the upload's first piece: the stored file is
 * read as it grows and sent on, and its last bytes (the body's end) are held back until the form
 * is saved (`takeEarlyRelay`, the call then answers the file's address at once) or until
 * `UPLOAD_RELAY_HOLD_MS` pass without a save. Then, or when the upload is cancelled, swept or
 * its pieces stop for as long, the call is aborted: an upstream keeps nothing of a body cut
 * short, so an abandoned form leaves nothing upstream, and the save sends the stored file as
 * before. Hand-written: tus servers offer no hook for a body that follows a growing file.
 */

/** Sends the upload's file (its stream ends only once released) to its upload call; resolves with the stored file's address. */
export type EarlySend = (file: FilePart, signal: AbortSignal) => Promise<string>;

/** How often a relay that has read every stored byte looks for more (a piece arrives in many writes). */
const POLL_MS = 50;
/** Relays one admin may hold open (a form has one video) and this process may: past them, the save sends the file. */
const MAX_RELAYS_PER_ADMIN = 2;
const MAX_RELAYS = 16;

interface Relay {
  owner: string;
  /** Every byte of the file was handed on and the body ended: an answer after it is to the whole file. */
  sentWhole: boolean;
  answer: Promise<string>;
  release(): void;
  abort(): void;
}

/** This process's relays by upload id: a save reaching another process sends the stored file itself. */
const relays = new Map<string, Relay>();
/** Set at shutdown: no relay starts after it. */
let closed = false;

class RelayStopped extends Error {}

/**
 * The stored file's bytes as they are written, up to `size`; then nothing until `released`
 * resolves (the body ends) or the hold is over. A relay given up aborts its call (`stopped`):
 * the upstream sees the request cut, and the call ends as "aborted", not as the upstream's failure.
 */
async function* growingFile(file: string, size: number, released: Promise<void>, stopped: AbortController, sentWhole: () => void): AsyncGenerator<Buffer> {
  const { uploadRelayHoldMs: holdMs } = getConfig().resumableUploads;
  const { signal } = stopped;
  const giveUp = (why: string) => {
    const reason = new RelayStopped(why);
    stopped.abort(reason);
    return reason;
  };
  const handle = await open(file);
  try {
    let position = 0;
    let lastGrowth = performance.now();
    while (position < size) {
      const stored = Math.min((await handle.stat()).size, size);
      if (stored > position) {
        const length = Math.min(stored - position, UPSTREAM_WRITE_BYTES);
        const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafe(length), 0, length, position);
        position += bytesRead;
        lastGrowth = performance.now();
        yield buffer.subarray(0, bytesRead);
        continue;
      }
      // Pieces that stop for the hold's length (a browser closed mid-way) stop the relay too: the upstream would give up first.
      if (performance.now() - lastGrowth > holdMs) throw giveUp("no piece arrived within the hold");
      await sleep(POLL_MS, undefined, { signal });
    }
    const saved = new AbortController();
    const held = sleep(holdMs, "over" as const, { signal: AbortSignal.any([signal, saved.signal]) });
    held.catch(() => {});
    const outcome = await Promise.race([released.then(() => "released" as const), held]);
    saved.abort();
    if (outcome === "over") throw giveUp("the form was not saved within the hold");
    sentWhole();
  } finally {
    await handle.close();
  }
}

/**
 * Starts relaying upload `id` of admin `owner` (its file stored at `file`, `size` bytes when
 * whole) through `send`, unless this process already does, the admin or the process holds as many
 * as they may, or `UPLOAD_RELAY_HOLD_MS` is 0.
 */
export function startEarlyRelay(id: string, owner: string, upload: { file: string; size: number; field: string; filename: string }, send: EarlySend): void {
  if (closed || relays.has(id) || getConfig().resumableUploads.uploadRelayHoldMs === 0) return;
  if (relays.size >= MAX_RELAYS || [...relays.values()].filter((relay) => relay.owner === owner).length >= MAX_RELAYS_PER_ADMIN) return;
  const stopped = new AbortController();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const whole = () => (relay.sentWhole = true);
  const stream = Readable.from(growingFile(upload.file, upload.size, released, stopped, whole), { objectMode: false, highWaterMark: UPSTREAM_WRITE_BYTES });
  // Its failure is the call's (the body aborted), seen through `answer`.
  stream.on("error", () => {});
  const answer = send({ kind: "file", name: upload.field, filename: upload.filename, stream }, stopped.signal);
  const abort = () => {
    const removed = new RelayStopped("the upload was removed");
    stopped.abort(removed);
    // A body the upstream is not reading now is not waiting on the signal: failed here all the same.
    stream.destroy(removed);
  };
  const relay: Relay = { owner, sentWhole: false, answer, release, abort };
  relays.set(id, relay);
  answer.then(
    () => undefined,
    (error: unknown) => {
      if (relays.get(id) === relay) relays.delete(id);
      // Its reader stops too (a poll, the hold), its file closed.
      stopped.abort(new RelayStopped("the call failed"));
      stream.destroy();
      log("upload_early_relay_stopped", { upload: id, ...errorFields(error) });
    },
  );
}

/**
 * The early relay of upload `id` in this process, its body ended now: resolves with the stored
 * file's address, or undefined when there is none or it failed before the upstream had the whole
 * file (the caller sends the stored file). A failure after that throws, as the call would have,
 * unless `sendAgainAfter` says it left the file unstored (the connection cut, unanswered): a file
 * the upstream may have stored is not sent twice, and its refusal is not waited for twice.
 */
export async function takeEarlyRelay(id: string | undefined, sendAgainAfter: (error: unknown) => boolean): Promise<string | undefined> {
  const relay = id === undefined ? undefined : relays.get(id);
  if (!relay || id === undefined) return undefined;
  relays.delete(id);
  relay.release();
  try {
    return await relay.answer;
  } catch (error) {
    if (!relay.sentWhole || sendAgainAfter(error)) return undefined;
    throw error;
  }
}

/** Aborts the early relay of each upload removed (cancelled, swept, refused); the upstream keeps nothing of it. */
export function dropEarlyRelays(ids: Iterable<string>): void {
  for (const id of ids) {
    relays.get(id)?.abort();
    relays.delete(id);
  }
}

/** On shutdown: every relay aborted, and none started after (a save on another process sends the stored file itself). */
export function closeEarlyRelays(): void {
  closed = true;
  dropEarlyRelays([...relays.keys()]);
}
