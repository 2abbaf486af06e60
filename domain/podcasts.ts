import { z } from 'zod';
import { positiveId } from './params';

/** A feed, episode or station address a user types: fetched by the server's guarded fetcher. */
export const WebAddressSchema = z
  .string()
  .trim()
  .min(1, { error: 'url is required' })
  .max(2000, { error: 'url must be at most 2000 characters' });

/** Body of PUT /api/podcast. */
export const SubscribeSchema = z.object({ url: WebAddressSchema });
export const SubscribedSchema = z.object({ podcastId: z.number().int() });

export const PodcastIdParams = z.object({ id: positiveId('id') });
export const EpisodeIdParams = z.object({ episodeId: positiveId('episodeId') });

/** GET /api/podcast/episode/{id}/stream?whole=true: the app's offline copy, not paced. */
export const EpisodeStreamQuerySchema = z
  .object({ whole: z.enum(['true', 'false']).optional() })
  .transform((q) => ({ whole: q.whole === 'true' }));

export const EpisodeStatusSchema = z.enum(['remote', 'downloading', 'downloaded', 'error']);
export type EpisodeStatus = z.infer<typeof EpisodeStatusSchema>;

export const PodcastSummarySchema = z.object({
  podcastId: z.number().int(),
  title: z.string(),
  author: z.string().nullable(),
  imageUrl: z.string().nullable(),
  episodeCount: z.number().int(),
  unplayed: z.number().int(),
  /** The last refresh's failure; the episodes fetched before stay. */
  error: z.string().nullable(),
  /** How many of the newest episodes are downloaded automatically for this subscriber. */
  autoDownload: z.number().int(),
});
export type PodcastSummary = z.infer<typeof PodcastSummarySchema>;

export const PodcastListSchema = z.object({ podcasts: z.array(PodcastSummarySchema) });

export const EpisodeSchema = z.object({
  episodeId: z.number().int(),
  podcastId: z.number().int(),
  title: z.string(),
  publishedAt: z.string().nullable(),
  /** Seconds, as the feed states it. */
  duration: z.number().int().nullable(),
  description: z.string().nullable(),
  status: EpisodeStatusSchema,
  positionMs: z.number().int(),
  played: z.boolean(),
  season: z.number().int().nullable(),
  episode: z.number().int().nullable(),
  explicit: z.boolean(),
  /** Podcasting 2.0 chapters (JSON), as the feed links it. */
  chaptersUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  contentType: z.string().nullable(),
});
export type Episode = z.infer<typeof EpisodeSchema>;

export const PodcastDetailSchema = PodcastSummarySchema.extend({
  description: z.string().nullable(),
  url: z.string(),
  checkedAt: z.string().nullable(),
  episodes: z.array(EpisodeSchema),
});
export type PodcastDetail = z.infer<typeof PodcastDetailSchema>;

/** Body of PUT /api/podcast/episode/{episodeId}/position. */
export const EpisodePositionSchema = z.object({
  positionMs: z
    .number({ error: 'positionMs must be a number' })
    .int({ error: 'positionMs must be a whole number' })
    .min(0, { error: 'positionMs must not be negative' })
    .max(48 * 3600 * 1000, { error: 'positionMs is too large' }),
  played: z.boolean().optional(),
});
export type EpisodePosition = z.infer<typeof EpisodePositionSchema>;

/** Body of POST /api/podcast/{id}/settings. */
export const PodcastSettingsSchema = z.object({
  autoDownload: z
    .number()
    .int()
    .min(0, { error: 'autoDownload must not be negative' })
    .max(20, { error: 'autoDownload must be at most 20' }),
});

/** GET /api/admin/podcast: every subscription of every user. */
export const AdminSubscriptionSchema = z.object({
  subscriptionId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  podcastId: z.number().int(),
  title: z.string(),
  url: z.string(),
});
export const AdminSubscriptionListSchema = z.object({
  subscriptions: z.array(AdminSubscriptionSchema),
});
