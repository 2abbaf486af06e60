import { open } from 'node:fs/promises';
import { parseBuffer, type IAudioMetadata } from 'music-metadata';

/**
 * The header packets of the first Ogg stream: an array once `complete` says they are all
 * there, null when `bytes` ends first.
 */
function oggHeaderPackets(
  bytes: Buffer,
  complete: (packets: Buffer[]) => boolean,
): Buffer[] | null {
  const packets: Buffer[] = [];
  let partial: Buffer[] = [];
  let serial: number | null = null;
  let offset = 0;
  while (offset + 27 <= bytes.length && bytes.toString('latin1', offset, offset + 4) === 'OggS') {
    const segments = bytes[offset + 26] ?? 0;
    const lacing = bytes.subarray(offset + 27, offset + 27 + segments);
    const end = lacing.reduce((sum, size) => sum + size, offset + 27 + segments);
    if (end > bytes.length) return null;
    const pageSerial = bytes.readUInt32LE(offset + 14);
    serial ??= pageSerial;
    let at = offset + 27 + segments;
    for (const size of pageSerial === serial ? lacing : []) {
      partial.push(bytes.subarray(at, at + size));
      at += size;
      // A lacing value under 255 ends the packet.
      if (size < 255) {
        packets.push(Buffer.concat(partial));
        partial = [];
        if (complete(packets)) return packets;
      }
    }
    offset = end;
  }
  return null;
}

const FLAC_LAST_BLOCK = 0x80;
/** Header packets beyond this are not tags worth reading (covers are a few MB at most). */
const MAX_OGG_FLAC_HEADER = 16 * 1024 * 1024;

/**
 * music-metadata reads only the STREAMINFO of FLAC in Ogg, not the header packets after it
 * (Vorbis comment, pictures). Those packets are FLAC metadata blocks as in a .flac file
 * (xiph.org's Ogg mapping for FLAC), so they are put back together as one ("fLaC", then the
 * blocks) and read as such; the stream properties stay those of the Ogg parse. Null for any
 * other file, or when the tags cannot be read this way.
 */
export async function oggFlacMetadata(
  path: string,
  parsed: IAudioMetadata,
): Promise<IAudioMetadata | null> {
  const { container, codec } = parsed.format;
  if (container !== 'Ogg' || !/flac/i.test(codec ?? '') || Object.keys(parsed.native).length > 0)
    return null;
  // The first packet: 0x7F "FLAC", version, number of header packets after it, "fLaC", then
  // the STREAMINFO block (ends the header when it is the last block).
  const complete = (packets: Buffer[]) => {
    const first = packets[0];
    if (first === undefined || first.length < 17) return true;
    const count = first.readUInt16BE(7);
    const last = packets[packets.length - 1]!;
    const lastBlock = ((packets.length === 1 ? first[13] : last[0]) ?? 0) & FLAC_LAST_BLOCK;
    return count > 0 ? packets.length > count : lastBlock !== 0;
  };
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    for (let length = 256 * 1024; ; length *= 4) {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(length), 0, length, 0);
      const packets = oggHeaderPackets(buffer.subarray(0, bytesRead), complete);
      if (packets !== null) {
        const [first, ...rest] = packets;
        if (first?.toString('latin1', 1, 5) !== 'FLAC') return null;
        const blocks = [first.subarray(13), ...rest].map((block) => Buffer.from(block));
        blocks.forEach((block, i) => {
          const flag = i === blocks.length - 1 ? FLAC_LAST_BLOCK : 0;
          block[0] = ((block[0] ?? 0) & ~FLAC_LAST_BLOCK) | flag;
        });
        const flac = Buffer.concat([Buffer.from('fLaC', 'latin1'), ...blocks]);
        const tags = await parseBuffer(flac, { mimeType: 'audio/flac' }, { skipCovers: false });
        return { ...tags, format: parsed.format };
      }
      if (bytesRead >= size || length >= MAX_OGG_FLAC_HEADER) return null;
    }
  } catch {
    // Tags that cannot be put back together leave the file as music-metadata read it.
    return null;
  } finally {
    await file.close();
  }
}
