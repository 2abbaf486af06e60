import { basename } from 'node:path';
import { parseFile } from 'music-metadata';
import { isAudioPath } from '../../media/audio-tags';
import { deleteFile } from '../../storage/work-files';
import type { PostActionRunner } from '../contracts';

export const DEFAULT_MIN_BITRATE_KBPS = 270;

function minBitrate(options: Record<string, unknown>): number {
  const value = options.minBitrate ?? DEFAULT_MIN_BITRATE_KBPS;
  const kbps = typeof value === 'string' ? Number(value) : value;
  if (typeof kbps !== 'number' || !Number.isFinite(kbps) || kbps <= 0)
    throw new Error('removeLQ: minBitrate must be a positive number of kbps');
  return kbps;
}

/**
 * Deletes lossy audio files below minBitrate (kbps). Lossless files stay whatever their
 * figure, and so do files whose bitrate cannot be read: the step only removes what it knows
 * is worse than asked.
 */
export const removeLowQuality: PostActionRunner = async (files, options, ctx) => {
  const limit = minBitrate(options);
  const kept: string[] = [];
  for (const file of files) {
    ctx.signal.throwIfAborted();
    if (!isAudioPath(file)) {
      kept.push(file);
      continue;
    }
    const { format } = await parseFile(file, { duration: false, skipCovers: true }).catch(() => ({
      format: { lossless: undefined, bitrate: undefined },
    }));
    const kbps = format.bitrate === undefined ? null : Math.round(format.bitrate / 1000);
    if (format.lossless || kbps === null || kbps >= limit) {
      kept.push(file);
      continue;
    }
    await deleteFile(file);
    ctx.log(`removeLQ: removed ${basename(file)} (${kbps} kbps, below ${limit} kbps)`);
  }
  return kept;
};
