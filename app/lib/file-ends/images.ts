import { FILE_MESSAGES } from "~/lib/file-kinds";
import { asLatin1, concatBytes, uint16BE, uint32BE, uint32LE, type EndCheck } from "./end-check.ts";

/**
 * Whether a picture's end arrived, found by following its structure over its bytes as they
 * pass, holding none of them: a JPEG's end is its EOI marker, not its last bytes (phones write
 * more after it: Samsung's trailer, a motion photo's video), and a PNG's or a GIF's is past its
 * last chunk or block, whose lengths say where each ends. A WebP says its length in its header.
 * What sharp decodes whole (imageIsWhole, the resumable uploads' check) passes: a PNG without
 * IEND or a GIF without its trailer, ended between chunks after the image data, decodes, so it
 * passes here too; a structure the walk does not know is accepted, not refused.
 */

/** What a walk asks for next: some bytes to read (one as a number), bytes to pass over, or (a JPEG) the next marker. */
type Step = { read: number; mayEndHere?: boolean } | { skip: number } | { scan: true };
/** A format's structure as a generator: it yields steps, is given what it read, and returns where the picture ends. */
type Walk = Generator<Step, void, Uint8Array | number>;

const ONE: Step = { read: 1 };
const SCAN: Step = { scan: true };
/** The end marker's bytes or more are held back unsent until judged (PNG's IEND chunk is 12). */
const IMAGE_TAIL_BYTES = 16;

const byteOf = (value: Uint8Array | number) => (typeof value === "number" ? value : value[0]);

/** Follows a walk over chunks as they come; judged whole once the walk has returned, or paused where the format may end. */
class Follower implements EndCheck {
  readonly headBytes = 0;
  readonly tailBytes = IMAGE_TAIL_BYTES;
  private readonly walk: Walk;
  private current: IteratorResult<Step, void>;
  /** Bytes the current read or skip still needs. */
  private need = 0;
  private gathered: Uint8Array[] = [];
  /** Whether any of the current step's bytes arrived. */
  private begun = false;
  /** Looking for a JPEG's marker: the last byte was 0xFF. */
  private afterFF = false;

  constructor(walk: Walk) {
    this.walk = walk;
    this.current = walk.next();
    this.start();
  }

  private start(): void {
    for (;;) {
      this.gathered = [];
      this.begun = false;
      if (this.current.done) return;
      const step = this.current.value;
      this.need = "read" in step ? step.read : "skip" in step ? step.skip : 0;
      if (!("skip" in step) || step.skip > 0) return;
      this.current = this.walk.next(0);
    }
  }

  private answer(value: Uint8Array | number): void {
    this.current = this.walk.next(value);
    this.start();
  }

  follow(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length && !this.current.done) {
      const step = this.current.value;
      this.begun = true;
      if ("scan" in step) {
        // On to the next marker: past entropy-coded data, its stuffed zeros and restarts, and fill bytes.
        if (!this.afterFF) {
          const ff = chunk.indexOf(0xff, at);
          at = ff < 0 ? chunk.length : ff + 1;
          this.afterFF = ff >= 0;
          continue;
        }
        const byte = chunk[at++];
        if (byte === 0xff) continue;
        this.afterFF = false;
        if (byte !== 0 && (byte < 0xd0 || byte > 0xd7)) this.answer(byte);
        continue;
      }
      if ("read" in step && step.read === 1) {
        this.answer(chunk[at++]);
        continue;
      }
      const taken = Math.min(this.need, chunk.length - at);
      if ("read" in step) this.gathered.push(chunk.slice(at, at + taken));
      at += taken;
      this.need -= taken;
      if (this.need === 0) this.answer(concatBytes(this.gathered));
    }
  }

  judge(): string | undefined {
    const step = this.current.value;
    const whole = this.current.done || (step !== undefined && "read" in step && step.mayEndHere === true && !this.begun);
    return whole ? undefined : FILE_MESSAGES.brokenImage;
  }
}

function* jpeg(): Walk {
  yield { skip: 2 }; // SOI
  for (;;) {
    // The next marker, after a segment or a scan's data; stray bytes before it passed over, as libjpeg does.
    const marker = byteOf(yield SCAN);
    // EOI: what follows it is not the picture's.
    if (marker === 0xd9) return;
    if (marker === 0x01 || marker === 0xd8) continue;
    const length = uint16BE((yield { read: 2 }) as Uint8Array, 0);
    if (length < 2) return;
    yield { skip: length - 2 };
  }
}

function* png(): Walk {
  yield { skip: 8 }; // the signature
  let imageData = false;
  for (;;) {
    const header = (yield { read: 8, mayEndHere: imageData }) as Uint8Array;
    const type = asLatin1(header.subarray(4, 8));
    if (type === "IEND") return;
    imageData ||= type === "IDAT";
    yield { skip: uint32BE(header, 0) + 4 };
  }
}

const colourTable = (flags: number): Step => ({ skip: flags & 0x80 ? 3 << ((flags & 7) + 1) : 0 });

function* gif(): Walk {
  const screen = (yield { read: 13 }) as Uint8Array;
  yield colourTable(screen[10]);
  let image = false;
  for (;;) {
    const introducer = byteOf(yield { read: 1, mayEndHere: image });
    if (introducer === 0x3b) return; // the trailer
    if (introducer === 0x21) yield ONE; // an extension's label
    else if (introducer === 0x2c) {
      const descriptor = (yield { read: 9 }) as Uint8Array;
      yield colourTable(descriptor[8]);
      yield ONE; // the LZW code size
    } else return;
    for (let size = byteOf(yield ONE); size > 0; size = byteOf(yield ONE)) yield { skip: size };
    image ||= introducer === 0x2c;
  }
}

export const jpegEnd = (): EndCheck => new Follower(jpeg());
export const pngEnd = (): EndCheck => new Follower(png());
export const gifEnd = (): EndCheck => new Follower(gif());

/** A WebP (RIFF) is cut short when it holds fewer bytes than its header says; more (appended data) is not ours to refuse. */
export const webpEnd = (): EndCheck => ({
  headBytes: 12,
  tailBytes: IMAGE_TAIL_BYTES,
  judge: (head, _tail, length) => (head.length >= 12 && length < uint32LE(head, 4) + 8 ? FILE_MESSAGES.brokenImage : undefined),
});
