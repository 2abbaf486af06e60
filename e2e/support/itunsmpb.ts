import { readFile, writeFile } from 'node:fs/promises';

/**
 * Writes Apple's gapless information (an `iTunSMPB` freeform atom, as iTunes does) into an
 * M4A that ffmpeg wrote with its `moov` last, so nothing before it moves. ffmpeg's own muxer
 * writes edit lists, not iTunSMPB; the gapless test needs files that carry only iTunSMPB.
 */
export async function writeITunSmpb(
  path: string,
  smpb: { priming: number; padding: number; validFrames: number },
): Promise<void> {
  const file = await readFile(path);
  let offset = 0;
  let moov = -1;
  while (offset + 8 <= file.length) {
    const size = file.readUInt32BE(offset);
    if (size < 8) throw new Error(`${path}: a box of size ${size} at ${offset}`);
    if (file.toString('latin1', offset + 4, offset + 8) === 'moov') moov = offset;
    offset += size;
  }
  if (moov < 0 || moov + file.readUInt32BE(moov) !== file.length)
    throw new Error(`${path}: moov is not the last box`);
  const hex = (value: number, width: number) =>
    value.toString(16).toUpperCase().padStart(width, '0');
  const words = [hex(0, 8), hex(smpb.priming, 8), hex(smpb.padding, 8), hex(smpb.validFrames, 16)];
  const value = ` ${[...words, ...Array<string>(8).fill(hex(0, 8))].join(' ')}`;
  const box = (type: string, ...parts: Buffer[]) => {
    const body = Buffer.concat(parts);
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length + 8);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  const zero = (n: number) => Buffer.alloc(n);
  const text = (s: string) => Buffer.from(s, 'utf8');
  const dataType = Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]); // UTF-8, no locale
  const freeform = box(
    '----',
    box('mean', zero(4), text('com.apple.iTunes')),
    box('name', zero(4), text('iTunSMPB')),
    box('data', dataType, text(value)),
  );
  const handler = box('hdlr', zero(8), text('mdir'), text('appl'), zero(9));
  const udta = box('udta', box('meta', zero(4), handler, box('ilst', freeform)));
  const grown = Buffer.concat([file, udta]);
  grown.writeUInt32BE(file.readUInt32BE(moov) + udta.length, moov);
  await writeFile(path, grown);
}
