import type { EndCheck } from "~/lib/file-ends";

/**
 * The relay's side of a check of a file's end (app/lib/file-ends.ts):
 * `bytes` passed on as they come, but for the last `check.tailBytes` of them, which are passed on
 * only once the check has judged the file whole: a refused file throws `refuse(message)` before
 * its end (and the body's closing boundary) has been sent, so the upstream's request is aborted
 * with the file incomplete. Pieces are cut where the held bytes begin, never copied; only the
 * head and the judged tail are.
 */
export async function* withJudgedEnd(bytes: AsyncIterable<Uint8Array>, check: EndCheck, refuse: (message: string) => Error): AsyncGenerator<Uint8Array> {
  const hold = Math.max(1, check.tailBytes);
  const head: Buffer[] = [];
  let headLength = 0;
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  let length = 0;
  for await (const chunk of bytes) {
    if (chunk.length === 0) continue;
    if (headLength < check.headBytes) {
      const part = Buffer.from(chunk.subarray(0, check.headBytes - headLength));
      head.push(part);
      headLength += part.length;
    }
    check.follow?.(chunk);
    length += chunk.length;
    held.push(chunk);
    heldBytes += chunk.length;
    while (heldBytes - held[0].length >= hold) {
      heldBytes -= held[0].length;
      yield held.shift() as Uint8Array;
    }
    if (heldBytes > hold) {
      const first = held[0];
      const excess = heldBytes - hold;
      held[0] = first.subarray(excess);
      heldBytes = hold;
      yield first.subarray(0, excess);
    }
  }
  const refusal = check.judge(Buffer.concat(head), Buffer.concat(held), length);
  if (refusal) throw refuse(refusal);
  yield* held;
}
