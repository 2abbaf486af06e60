import { REMUX_MIMES } from '../../domain/gapless';
import type { TranscodeJob } from './transcoder';

/** A lossy codec whose original frames the player can take as they are (decision 0060). */
export type RemuxCodec = keyof typeof REMUX_MIMES;

/**
 * The codec of an original by the import's format name (`audio.format`), when its frames can go
 * to the player unchanged. Opus needs an ffmpeg of 4.4 or later (`canRetime`: the `setts`
 * filter, see `remuxArgs`): with an older one it is decoded to FLAC like the rest. Vorbis always
 * is (domain/gapless.ts, REMUX_MIMES).
 */
export function remuxCodec(format: string, canRetime: boolean): RemuxCodec | null {
  if (format === 'MP3') return 'mp3';
  if (format === 'AAC') return 'aac';
  if (format === 'OPUS') return canRetime ? 'opus' : null;
  return null;
}

const FRAGMENTED_MP4 = [
  // No edit list: the first frame is stamped 0, the player cuts the priming itself.
  '-f',
  'mp4',
  '-use_editlist',
  '0',
  '-movflags',
  '+empty_moov+default_base_moof',
  '-frag_duration',
  '1000000',
];

/**
 * ffmpeg arguments that copy the original's audio frames (`-c:a copy`: not one is re-encoded)
 * into the container the player's SourceBuffer takes:
 * - MP3: the bare frames, without tags or the Xing/LAME frame (Media Source's MPEG audio type);
 * - AAC: fragmented MP4;
 * - Opus: fragmented MP4, with every packet stamped with the length it decodes to. Ogg gives the
 *   last packet only the samples left after end trimming, and a frame that short ends inside the
 *   append window, which then cannot cut the padding it still decodes to.
 */
export function remuxArgs(input: string, codec: RemuxCodec): string[] {
  // prettier-ignore
  const container = {
    mp3: ['-f', 'mp3', '-write_xing', '0', '-id3v2_version', '0'],
    aac: FRAGMENTED_MP4,
    opus: ['-bsf:a', 'setts=duration=max(DURATION\\,PREV_INDURATION)', ...FRAGMENTED_MP4],
  }[codec];
  // prettier-ignore
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-i', input,
    '-map', '0:a:0', '-map_metadata', '-1', '-vn', '-c:a', 'copy',
    ...container,
    'pipe:1',
  ];
}

/** Bump when the arguments change, so cached results made by older ones are not served. */
const REMUX_VERSION = 1;

/** The transcoder job (a remux: fast, cached like any transcode) for a lossy original. */
export function remuxJob(input: string, codec: RemuxCodec): TranscodeJob {
  return {
    kind: `gapless-remux-v${REMUX_VERSION}-${codec}`,
    extension: { mp3: 'mp3', aac: 'mp4', opus: 'mp4' }[codec],
    mime: REMUX_MIMES[codec],
    streamable: true,
    args: (_output: string, from: string = input) => remuxArgs(from, codec),
  };
}
