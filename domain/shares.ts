import { z } from 'zod';
import { positiveId } from './params';

/** Bytes of randomness in a share token: 144 bits, 24 base64url characters. */
export const SHARE_TOKEN_BYTES = 18;
/** What a share token looks like; anything else is answered as an unknown link. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;
/** Share links one account may hold at once; revoking frees a place. */
export const SHARES_PER_USER = 200;
/** The furthest a link's expiry may be set: a year ahead. */
export const SHARE_MAX_DAYS = 366;

/** The address of a share link's page. */
export const sharePath = (token: string): string => `/s/${token}`;

/** An ISO date (2026-12-01) or date-time; a date alone means its end in UTC. */
const ExpirySchema = z
  .string()
  .max(40)
  .refine((value) => /^\d{4}-\d{2}-\d{2}(T.+)?$/.test(value) && !Number.isNaN(Date.parse(value)), {
    error: 'expiresAt must be an ISO date or date-time',
  })
  .transform((value) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T23:59:59.999Z`).toISOString()
      : new Date(value).toISOString(),
  );

/** PUT /api/share: exactly one of collectionId and playlistId, and an optional expiry. */
export const CreateShareSchema = z
  .object({
    collectionId: positiveId('collectionId').optional(),
    playlistId: positiveId('playlistId').optional(),
    expiresAt: ExpirySchema.optional(),
  })
  .strict()
  .refine((body) => (body.collectionId === undefined) !== (body.playlistId === undefined), {
    error: 'Give either collectionId or playlistId',
  });
export type CreateShare = z.input<typeof CreateShareSchema>;

/** The answer to a creation: the only time the token is shown (only its hash is kept). */
export const CreatedShareSchema = z.object({
  shareId: z.number().int().positive(),
  token: z.string(),
  url: z.string(),
});
export type CreatedShare = z.infer<typeof CreatedShareSchema>;

/** GET /api/share: the caller's links (every link for an administrator), newest first. */
export const ShareSchema = z.object({
  shareId: z.number().int().positive(),
  kind: z.enum(['collection', 'playlist']),
  /** The collection's or playlist's id and name. */
  targetId: z.number().int(),
  targetName: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
});
export type Share = z.infer<typeof ShareSchema>;
export const ShareListSchema = z.array(ShareSchema);

/** DELETE /api/share/{shareId}. */
export const ShareIdParams = z.object({ shareId: positiveId('shareId') });
/** GET /api/share/{token}: any text up to 64 characters; a malformed one is just not found. */
export const ShareTokenParams = z.object({ token: z.string().max(64) });
/** The shared page's media: a file of the shared collection or playlist. */
export const ShareFileParams = z.object({
  token: z.string().max(64),
  fileId: positiveId('fileId'),
});

export const SharedTrackSchema = z.object({
  fileId: z.number().int(),
  title: z.string(),
  artists: z.array(z.string()),
  /** Seconds of the whole track. */
  duration: z.number(),
  /** The share-scoped address to play: the 30 s preview, or the track when full streams apply. */
  audioUrl: z.string(),
});
export type SharedTrack = z.infer<typeof SharedTrackSchema>;

/** GET /api/share/{token}: what the shared page shows, to anyone holding the link. */
export const SharedPageSchema = z.object({
  kind: z.enum(['collection', 'playlist']),
  name: z.string(),
  artists: z.array(z.string()),
  description: z.string(),
  /** Share-scoped cover address, null when there is no cover. */
  coverUrl: z.string().nullable(),
  /** Cents; null for free, and for playlists (each collection has its own price). */
  price: z.number().int().nullable(),
  /** The collection to land on after signing in; null for a playlist. */
  collectionId: z.number().int().nullable(),
  /** Whether tracks play in full (a free collection while the admin allows it) or as previews. */
  fullStreams: z.boolean(),
  sharedBy: z.string(),
  tracks: z.array(SharedTrackSchema),
});
export type SharedPage = z.infer<typeof SharedPageSchema>;

/** Where "sign in to buy" / "sign up to buy" come back to. */
export const shareReturnPath = (page: Pick<SharedPage, 'collectionId'>): string =>
  page.collectionId === null ? '/' : `/collection/${page.collectionId}`;
