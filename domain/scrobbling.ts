import { z } from 'zod';
import { positiveId } from './params';

/** The services a listen can be sent to (issue 33, section 2). */
export const SCROBBLE_SERVICES = ['listenbrainz', 'lastfm'] as const;
export type ScrobbleService = (typeof SCROBBLE_SERVICES)[number];

/** Both services' rule: half the track or 4 minutes, whichever comes first. */
const FOUR_MINUTES_MS = 4 * 60_000;
/** Last.fm takes no track of 30 seconds or less. */
const LASTFM_SHORTEST_MS = 30_000;

/**
 * Whether a play of `playedMs` of a track `durationMs` long counts as a listen for `service`.
 * `playedMs` null: the player already judged it (a Subsonic app's submission=true), so only
 * the track's own length can rule it out. A track of unknown length (0) needs 4 minutes.
 */
export function countsAsListen(
  service: ScrobbleService,
  playedMs: number | null,
  durationMs: number,
): boolean {
  if (service === 'lastfm' && durationMs > 0 && durationMs <= LASTFM_SHORTEST_MS) return false;
  if (playedMs === null) return true;
  const needed = durationMs > 0 ? Math.min(durationMs / 2, FOUR_MINUTES_MS) : FOUR_MINUTES_MS;
  return playedMs >= needed;
}

/** The least a web play must last before the client reports it (the looser service's rule). */
export const worthReporting = (playedMs: number, durationMs: number): boolean =>
  SCROBBLE_SERVICES.some((service) => countsAsListen(service, playedMs, durationMs));

/** A ListenBrainz user token is a UUID; anything longer than this is not one. */
export const ListenBrainzTokenSchema = z
  .string({ error: 'listenbrainzToken must be text or null' })
  .trim()
  .min(1, { error: 'Paste your ListenBrainz user token' })
  .max(100, { error: 'A ListenBrainz token is at most 100 characters' })
  .regex(/^[\w-]+$/, { error: 'A ListenBrainz token holds letters, digits and dashes only' });

/**
 * PUT /api/user/scrobbling: a token connects ListenBrainz (checked with the service first),
 * null disconnects it; `lastfm: null` disconnects Last.fm (connecting it is the web-auth flow).
 */
export const PutScrobblingSchema = z
  .object({
    listenbrainzToken: ListenBrainzTokenSchema.nullable().optional(),
    lastfm: z.null().optional(),
  })
  .strict()
  .refine((body) => body.listenbrainzToken !== undefined || body.lastfm !== undefined, {
    error: 'Send listenbrainzToken (a token, or null) or lastfm: null',
  });
export type PutScrobbling = z.infer<typeof PutScrobblingSchema>;

/** One service as the account page shows it. */
export const ScrobbleAccountSchema = z.object({
  connected: z.boolean(),
  userName: z.string().nullable(),
  /** The service refused the stored token or session: the user must connect again. */
  broken: z.boolean(),
  /** Listens waiting to be sent (offline plays, retries, a broken token). */
  pending: z.number().int().nonnegative(),
});
export type ScrobbleAccount = z.infer<typeof ScrobbleAccountSchema>;

/** GET (and the answer to PUT) /api/user/scrobbling. */
export const ScrobblingStatusSchema = z.object({
  listenbrainz: ScrobbleAccountSchema,
  /** `available`: the administrator gave this server a Last.fm API key and secret. */
  lastfm: ScrobbleAccountSchema.extend({ available: z.boolean() }),
});
export type ScrobblingStatus = z.infer<typeof ScrobblingStatusSchema>;

/** The oldest listen taken: Last.fm refuses listens older than two weeks anyway. */
export const OLDEST_LISTEN_DAYS = 14;
export const LISTENS_PER_REPORT = 200;

/** One play the web app reports, with the time it started (kept while it was offline). */
export const ListenReportSchema = z.object({
  fileId: positiveId('fileId'),
  listenedAt: z.iso.datetime({ offset: true, error: 'listenedAt must be an ISO date and time' }),
  playedMs: z
    .number({ error: 'playedMs must be a number' })
    .int({ error: 'playedMs must be whole milliseconds' })
    .min(0, { error: 'playedMs must not be negative' })
    .max(24 * 3_600_000, { error: 'playedMs is at most a day' }),
});
export type ListenReport = z.infer<typeof ListenReportSchema>;

/** POST /api/user/listens. */
export const ListensBodySchema = z.object({
  listens: z
    .array(ListenReportSchema)
    .min(1, { error: 'Send at least one listen' })
    .max(LISTENS_PER_REPORT, { error: `Send at most ${LISTENS_PER_REPORT} listens at once` }),
});
export type ListensBody = z.infer<typeof ListensBodySchema>;

/** How many listens a report queued for sending, over all connected services. */
export const ListensAnswerSchema = z.object({ queued: z.number().int().nonnegative() });
export type ListensAnswer = z.infer<typeof ListensAnswerSchema>;

/** POST /api/user/now-playing. */
export const NowPlayingBodySchema = z.object({ fileId: positiveId('fileId') });
export type NowPlayingBody = z.infer<typeof NowPlayingBodySchema>;

/** GET /api/user/scrobbling/lastfm/callback: Last.fm appends `token`; `state` is ours. */
export const LastfmCallbackQuerySchema = z.object({
  token: z.string().max(200).optional(),
  state: z.string().max(300).optional(),
});
