import { readFile, writeFile } from 'node:fs/promises';

// The Ogg page checksum: CRC-32 with polynomial 0x04c11db7, no reflection, initial value 0.
const OGG_CRC = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 24;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  return crc >>> 0;
});

function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (const byte of page) crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

/**
 * Makes an Ogg file look like a cut-off stream capture: the last page loses its end-of-stream
 * flag (checksum redone so decoders keep the page) and junk follows it, so a tag reader that
 * takes the length from the final page's granule position finds none.
 */
export async function cutOggStream(path: string): Promise<void> {
  const bytes = await readFile(path);
  let offset = 0;
  let last = 0;
  while (offset < bytes.length) {
    last = offset;
    const segments = bytes[offset + 26] ?? 0;
    let size = 27 + segments;
    for (let i = 0; i < segments; i += 1) size += bytes[offset + 27 + i] ?? 0;
    offset += size;
  }
  const page = bytes.subarray(last);
  page[5] = (page[5] ?? 0) & ~0x04;
  page.writeUInt32LE(0, 22);
  page.writeUInt32LE(oggCrc(page), 22);
  await writeFile(path, Buffer.concat([bytes, Buffer.alloc(64)]));
}

/**
 * Makes a FLAC file look written to a pipe: the muxer fills in STREAMINFO's total samples and
 * MD5 by seeking back at the end, so a non-seekable output keeps the zeros written first.
 * Done on the file rather than with a pipe so that every ffmpeg (4.1 from npm too) makes it.
 */
export async function clearFlacTotal(path: string): Promise<void> {
  const bytes = await readFile(path);
  // "fLaC", the STREAMINFO block header (4 bytes), then 10 bytes of block and frame sizes, then
  // 64 bits: sample rate (20), channels (3), bits per sample (5), total samples (36); then MD5.
  const packed = 4 + 4 + 10;
  if (bytes.toString('latin1', 0, 4) !== 'fLaC') throw new Error(`${path} is not FLAC`);
  bytes[packed + 3] = (bytes[packed + 3] ?? 0) & 0xf0;
  bytes.fill(0, packed + 4, packed + 8 + 16);
  await writeFile(path, bytes);
}
