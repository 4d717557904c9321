import type { FilePart, FormReader, IncomingPart } from "./incoming.server.ts";

/**
 * A form made here from fields and files already at hand (the stored uploads a form names): read
 * as a browser's form is, but its files are streams of their own, not parts of a body to encode
 * and parse again (the parse alone was a tenth of the relay's CPU, the encoding's batching and its
 * stream bridge more). A file left unread when the next part is asked for, or at the end, is closed.
 */
export class PartsForm implements FormReader {
  readonly declaredLength = undefined;
  readonly chosenFiles = new Map<string, string>();
  fieldBytes = 0;
  private readonly parts: IncomingPart[];
  private current: FilePart | undefined;

  constructor(parts: Iterable<IncomingPart>) {
    this.parts = [...parts];
    // A file that cannot be read (gone since it was checked) fails its reader, not the process.
    for (const part of this.parts) if (part.kind === "file") part.stream.on("error", () => {});
  }

  async next(): Promise<IncomingPart | undefined> {
    this.closeCurrent();
    const part = this.parts.shift();
    if (part?.kind === "field") this.fieldBytes += Buffer.byteLength(part.name) + Buffer.byteLength(part.value);
    if (part?.kind === "file") {
      this.current = part;
      if (part.filename !== "") this.chosenFiles.set(part.name, part.filename);
    }
    return part;
  }

  async discard(): Promise<void> {
    this.closeCurrent();
    for (const part of this.parts.splice(0)) if (part.kind === "file") part.stream.destroy();
  }

  private closeCurrent() {
    if (this.current && !this.current.stream.readableEnded) this.current.stream.destroy();
    this.current = undefined;
  }
}
