/**
 * The smallest well-formed MP4 (ISO base media) file: an `ftyp` box and a movie header with no
 * tracks. It stands in for the demo videos' `link` so the seed stays tiny and dependency-free;
 * it passes the upload type check, but a player has nothing to show.
 */

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

function box(type: string, payload: Buffer): Buffer {
  return Buffer.concat([uint32(8 + payload.length), Buffer.from(type, "latin1"), payload]);
}

export function emptyMp4(): Buffer {
  const fileType = box("ftyp", Buffer.concat([Buffer.from("isom", "latin1"), uint32(0x200), Buffer.from("isomiso2mp41", "latin1")]));
  const identityMatrix = [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(uint32);
  const movieHeader = box(
    "mvhd",
    Buffer.concat([
      uint32(0), // version 0, no flags
      uint32(0), // creation time
      uint32(0), // modification time
      uint32(1000), // time scale: milliseconds
      uint32(0), // duration
      uint32(0x00010000), // playback rate 1.0
      Buffer.from([0x01, 0x00]), // volume 1.0
      Buffer.alloc(10), // reserved
      ...identityMatrix,
      Buffer.alloc(24), // pre-defined
      uint32(1), // next track id
    ]),
  );
  return Buffer.concat([fileType, box("moov", movieHeader)]);
}
