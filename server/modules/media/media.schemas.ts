import { z } from 'zod';
import { DownloadFormatSchema } from '../../../domain/audio-format';

export const FileParams = z.object({
  fileId: z.coerce
    .number({ error: 'fileId must be a number' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const CollectionParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

const flag = z.enum(['true', 'false']).optional();

/** `format` as the spec names it; `transcode` is accepted as an alias (the download frame uses it). */
export const DownloadQuery = z
  .object({
    playback: flag,
    format: DownloadFormatSchema.optional(),
    transcode: DownloadFormatSchema.optional(),
  })
  .transform((q) => ({
    playback: q.playback === 'true',
    format: q.format ?? q.transcode ?? 'original',
  }));

export const PlaybackQuery = z.object({ playback: flag });
export const ImportQuery = z.object({ post: flag }).transform((q) => ({ post: q.post === 'true' }));
