/** A moov bigger than this is not a music file's (it is read whole to find the edit list). */
const MOOV_LIMIT = 32 * 1024 * 1024;

interface Box {
  type: string;
  body: Buffer;
}

/** The boxes directly inside `data` (a malformed size ends the list). */
function boxes(data: Buffer): Box[] {
  const found: Box[] = [];
  let offset = 0;
  while (offset + 8 <= data.length) {
    let size = data.readUInt32BE(offset);
    let head = 8;
    if (size === 1 && offset + 16 <= data.length) {
      size = Number(data.readBigUInt64BE(offset + 8));
      head = 16;
    } else if (size === 0) size = data.length - offset;
    if (size < head || offset + size > data.length) break;
    found.push({
      type: data.toString('latin1', offset + 4, offset + 8),
      body: data.subarray(offset + head, offset + size),
    });
    offset += size;
  }
  return found;
}

const child = (box: Box | undefined, type: string) =>
  box && boxes(box.body).find((b) => b.type === type);

/** The timescale of an mvhd or mdhd body (version 0 or 1). */
const timescaleOf = (body: Buffer) => body.readUInt32BE(body[0] === 1 ? 20 : 12);

/**
 * The number of samples an MP4/M4A's audio track says it plays: the duration of its edit list's
 * one edit (in the movie's timescale), at the track's rate. This is how ffmpeg, iTunes and
 * other encoders mark the padding after the last real sample, which ffmpeg's own decoder keeps.
 * Null when the file has no such edit (none, several, or an empty one).
 */
export function editListFrames(moov: Buffer): number | null {
  const root: Box = { type: 'moov', body: moov };
  const mvhd = child(root, 'mvhd');
  if (!mvhd) return null;
  for (const trak of boxes(moov).filter((b) => b.type === 'trak')) {
    const mdia = child(trak, 'mdia');
    const handler = child(mdia, 'hdlr');
    if (handler?.body.toString('latin1', 8, 12) !== 'soun') continue;
    const mdhd = child(mdia, 'mdhd');
    const elst = child(child(trak, 'edts'), 'elst');
    if (!mdhd || !elst) return null;
    const wide = elst.body[0] === 1;
    const entries = elst.body.readUInt32BE(4);
    const edits = [];
    for (let i = 0; i < entries; i += 1) {
      const at = 8 + i * (wide ? 20 : 12);
      if (at + (wide ? 16 : 8) > elst.body.length) return null;
      const duration = wide ? Number(elst.body.readBigUInt64BE(at)) : elst.body.readUInt32BE(at);
      const mediaTime = wide
        ? Number(elst.body.readBigInt64BE(at + 8))
        : elst.body.readInt32BE(at + 4);
      // An empty edit (media time -1) delays the track; it says nothing of its length.
      if (mediaTime >= 0) edits.push(duration);
    }
    if (edits.length !== 1 || !edits[0]) return null;
    return Math.round((edits[0] * timescaleOf(mdhd.body)) / timescaleOf(mvhd.body));
  }
  return null;
}

/** Reads `length` bytes from `offset` of a file (fewer at its end). */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

/** Finds the moov box of a file of `size` bytes (at its start or end) and answers `editListFrames`. */
export async function readEditListFrames(readAt: ReadAt, size: number): Promise<number | null> {
  let offset = 0;
  while (offset + 8 <= size) {
    const head = await readAt(offset, 16);
    if (head.length < 8) return null;
    let length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let header = 8;
    if (length === 1 && head.length >= 16) [length, header] = [Number(head.readBigUInt64BE(8)), 16];
    else if (length === 0) length = size - offset;
    if (length < header) return null;
    if (type === 'moov') {
      if (length > MOOV_LIMIT) return null;
      return editListFrames(await readAt(offset + header, length - header));
    }
    offset += length;
  }
  return null;
}
