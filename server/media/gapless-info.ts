import { parseFile } from 'music-metadata';

/** Apple's gapless information for AAC: priming, padding and the real sample count. */
export interface ITunSmpb {
  priming: number;
  padding: number;
  validFrames: number;
}

/**
 * Parses an iTunSMPB value (" 00000000 00000840 000001CA 00000000003F31F6 ..."): hex words,
 * the second the priming, the third the padding, the fourth the real sample count. Anything
 * else, or a count of 0, is null (no information rather than a wrong trim).
 */
export function parseITunSmpb(value: string): ITunSmpb | null {
  const words = value.trim().split(/\s+/);
  if (words.length < 4 || !words.slice(0, 4).every((w) => /^[0-9a-f]{1,16}$/i.test(w))) return null;
  const [priming, padding, validFrames] = words.slice(1, 4).map((w) => Number.parseInt(w, 16)) as [
    number,
    number,
    number,
  ];
  if (!Number.isSafeInteger(validFrames) || validFrames <= 0) return null;
  return { priming, padding, validFrames };
}

/**
 * The iTunSMPB of an MP4/M4A file, if it has one. ffmpeg reads its priming (and skips it) but
 * not its end, so the gapless stream trims the end to `validFrames` itself.
 */
export async function readITunSmpb(path: string): Promise<ITunSmpb | null> {
  const meta = await parseFile(path, { skipCovers: true, duration: false });
  for (const tags of Object.values(meta.native)) {
    for (const tag of tags) {
      if (!/(^|:)iTunSMPB$/i.test(tag.id)) continue;
      const value: unknown = tag.value;
      const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(' ') : '';
      const parsed = parseITunSmpb(text);
      if (parsed) return parsed;
    }
  }
  return null;
}
