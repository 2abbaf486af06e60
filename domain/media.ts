import { z } from 'zod';
import { DownloadFormatSchema } from './audio-format';
import { COVER_WIDTHS, type CoverWidth } from './image-path';
import { positiveId } from './params';

/** `/downloader/file/{fileId}`, `/downloader/preview/{fileId}`, `/downloader/tags/{fileId}` ... */
export const FileIdParams = z.object({ fileId: positiveId('fileId') });

const flag = z.enum(['true', 'false']).optional();

/**
 * GET /downloader/file/{fileId}?playback=&format= and GET /downloader/collection/{id}?format=:
 * `format` as the spec names it; `transcode` is accepted as an alias (the download frame uses it).
 */
export const DownloadQuerySchema = z
  .object({
    playback: flag,
    /** With playback: the whole file at once (the app's offline copy), not paced as a stream. */
    whole: flag,
    format: DownloadFormatSchema.optional(),
    transcode: DownloadFormatSchema.optional(),
  })
  .transform((q) => ({
    playback: q.playback === 'true',
    whole: q.whole === 'true',
    format: q.format ?? q.transcode ?? 'original',
  }));

/** GET /downloader/preview/{fileId}?playback= (accepted, a preview always plays). */
export const PlaybackQuerySchema = z.object({ playback: flag });

/** POST /downloader/collection/{id}/import?post=true|false */
export const ImportQuerySchema = z
  .object({ post: flag })
  .transform((q) => ({ post: q.post === 'true' }));

/** DELETE /downloader/collection/bulk: how many of the named collections were deleted. */
export const DeletedCountSchema = z.object({ deleted: z.number().int() });

/** GET /image/{hash}: any text here; the service answers 400 for a hash that is not one. */
export const ImageParamsSchema = z.object({ hash: z.string() });

/**
 * GET /image/{hash}?thumb=&size= (see image-path.ts, which stays free of zod for the first
 * load). `size` names one of COVER_WIDTHS; it wins over `thumb`.
 */
export const ImageQuerySchema = z.object({
  thumb: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  size: z
    .enum(COVER_WIDTHS.map(String) as [string, ...string[]])
    .optional()
    .transform((v) => (v === undefined ? undefined : (Number(v) as CoverWidth))),
});

/** POST /api/media/cast/{fileId}: a speaker's address for one track (issue 50's cast). */
export const CastLinkSchema = z.object({
  /** Relative to the site: /downloader/cast/{token}. */
  url: z.string(),
  expiresAt: z.string(),
});
export type CastLink = z.infer<typeof CastLinkSchema>;

/** GET /downloader/cast/{token}: signed claims (user-file-expiry in base 36) and signature. */
export const CastTokenParams = z.object({
  token: z
    .string()
    .max(100, { error: 'Not a cast address' })
    .regex(/^[0-9a-z]{1,13}-[0-9a-z]{1,13}-[0-9a-z]{1,13}\.[0-9a-f]{32}$/, {
      error: 'Not a cast address',
    }),
});
