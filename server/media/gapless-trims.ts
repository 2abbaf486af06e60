import { spawnSync } from 'node:child_process';
import type { GaplessTrim } from '../../domain/gapless';
import { readITunSmpb } from './gapless-info';
import type { RemuxCodec } from './gapless-remux';
import { ffmpegText, parseFrameList, probeArgs, trimOf } from './gapless-trim';
import { readEditListFrames } from './mp4-edit-list';
import type { Transcoder } from './transcoder';

/** Trims kept in memory: one line each, for the files played since the server started. */
const KEPT = 5000;

const retimes = new Map<string, boolean>();

/** Whether this ffmpeg has the `setts` bitstream filter (4.4 and later) that Opus needs. */
export function canRetime(binary: string): boolean {
  let known = retimes.get(binary);
  if (known === undefined) {
    const help = spawnSync(binary, ['-hide_banner', '-h', 'bsf=setts'], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    // An ffmpeg without it says "Unknown bit stream filter 'setts'" instead.
    known = typeof help.stdout === 'string' && help.stdout.includes('Bit stream filter setts');
    retimes.set(binary, known);
  }
  return known;
}

/**
 * Finds where each lossy original's samples lie (gapless-trim.ts) once per file version: ffmpeg
 * decodes the file to count them (about 0.2 s of one core for a 4-minute MP3), under the
 * transcoder's process slots; the answer is kept by path, size and modification time.
 */
export class GaplessTrims {
  private readonly kept = new Map<string, Promise<GaplessTrim | null>>();

  constructor(private readonly transcoder: Transcoder) {}

  async of(source: string, codec: RemuxCodec): Promise<GaplessTrim | null> {
    const { files } = this.transcoder;
    const info = await files.stat(source);
    if (info === null) return null;
    const key = [source, info.size, info.mtime.getTime(), codec].join('\u0000');
    let trim = this.kept.get(key);
    if (trim) {
      // Most recently used last: the first entry is the one to forget.
      this.kept.delete(key);
      this.kept.set(key, trim);
      return trim;
    }
    // Not tied to one request: others may be waiting for the same answer.
    trim = this.probe(source, codec);
    this.kept.set(key, trim);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    // A failure (a client gone, a busy disk) is not remembered: the next play asks again.
    trim.catch(() => this.kept.delete(key));
    return trim;
  }

  private async probe(source: string, codec: RemuxCodec): Promise<GaplessTrim | null> {
    const { files } = this.transcoder;
    const binary = this.transcoder.binary();
    const knownLength = codec === 'aac' ? await this.statedLength(source) : null;
    const args = probeArgs(await files.ffmpegInput(source));
    const release = await this.transcoder.slots.acquire();
    try {
      const packets = parseFrameList(await ffmpegText(binary, args.packets));
      const decoded = parseFrameList(await ffmpegText(binary, args.decoded));
      return trimOf(packets, decoded, knownLength);
    } finally {
      release();
    }
  }

  /** An M4A's real sample count: its iTunSMPB, else its edit list (null: neither says). */
  private async statedLength(source: string): Promise<number | null> {
    const { files } = this.transcoder;
    // A tag reader opens paths: on object storage this reads a temporary copy.
    const smpb = await files.withLocalFile(source, readITunSmpb).catch(() => null);
    if (smpb) return smpb.validFrames;
    const info = await files.stat(source);
    if (info === null) return null;
    const readAt = async (offset: number, length: number) => {
      const end = Math.min(info.size, offset + length) - 1;
      const chunks: Buffer[] = [];
      for await (const chunk of await files.read(source, { start: offset, end }, info))
        chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    return readEditListFrames(readAt, info.size).catch(() => null);
  }
}
