import { z } from 'zod';
import { positiveId } from './params';
import { PlaylistEntrySchema } from './playlist';

/**
 * Listening parties (issue 50, decision 0067): a host's device plays a queue that guests with
 * the link add to and vote on, highest score first.
 */

/** Bytes of randomness in a party token: 144 bits, 24 base64url characters. */
export const PARTY_TOKEN_BYTES = 18;
/** What a party token looks like; anything else is answered as an ended party (404). */
export const PARTY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;
/** Tracks one party may hold in all (added, played and removed alike). */
export const PARTY_MAX_TRACKS = 500;
/** People who may join one party (the host not counted). */
export const PARTY_MAX_GUESTS = 200;
/** How often a party page and the host's player ask for the party's state. */
export const PARTY_POLL_MS = 2_500;
/** Answers of a party search. */
export const PARTY_SEARCH_LIMIT = 20;

/** The address of a party's page. */
export const partyPath = (token: string): string => `/party/${token}`;

/** PUT /api/party: the host starts a party with the rest of their queue. */
export const StartPartySchema = z
  .object({
    fileIds: z.array(positiveId('fileIds')).max(PARTY_MAX_TRACKS),
    allowAnonymous: z.boolean().default(false),
  })
  .strict();
export type StartParty = z.input<typeof StartPartySchema>;

/** The answer to a start: the only time the token is shown (only its hash is kept). */
export const StartedPartySchema = z.object({
  partyId: z.number().int().positive(),
  token: z.string(),
  link: z.string(),
});
export type StartedParty = z.infer<typeof StartedPartySchema>;

export const PartyTokenParams = z.object({ token: z.string().max(64) });
export const PartyIdParams = z.object({ partyId: positiveId('partyId') });
export const PartyTrackParams = PartyIdParams.extend({ trackId: positiveId('trackId') });
export const PartyGuestParams = PartyIdParams.extend({ guestId: positiveId('guestId') });

/** PUT /api/party/{token}/track */
export const AddPartyTrackSchema = z.object({ fileId: positiveId('fileId') }).strict();

/** A vote: up, down, or 0 to take one's vote back. */
export const PartyVoteValueSchema = z.union([z.literal(-1), z.literal(0), z.literal(1)], {
  error: 'vote must be -1, 0 or 1',
});
export type PartyVoteValue = z.infer<typeof PartyVoteValueSchema>;

/** PUT /api/party/{token}/vote */
export const PartyVoteSchema = z
  .object({ trackId: positiveId('trackId'), vote: PartyVoteValueSchema })
  .strict();

/** PUT /api/party/{partyId}/now: the host's device says what it plays (a party track or not). */
export const PartyNowSchema = z
  .object({
    trackId: positiveId('trackId').nullable(),
    fileId: positiveId('fileId').nullable(),
  })
  .strict();
export type PartyNow = z.infer<typeof PartyNowSchema>;

/** GET /api/party/{token}/search?q= : tracks this viewer may add. */
export const PartySearchQuery = z.object({ q: z.string().trim().min(1).max(100) });

/** A track as a viewer sees it: only what their own visibility shows. */
export const PartyTrackInfoSchema = z.object({
  fileId: z.number().int(),
  title: z.string(),
  artists: z.array(z.string()),
  collectionName: z.string(),
  /** Seconds. */
  duration: z.number(),
  imageHash: z.string().nullable(),
});
export type PartyTrackInfo = z.infer<typeof PartyTrackInfoSchema>;

export const PartyTrackSchema = PartyTrackInfoSchema.extend({
  trackId: z.number().int(),
  addedBy: z.string(),
  addedAt: z.string(),
  /** Up votes minus down votes. */
  score: z.number().int(),
  myVote: PartyVoteValueSchema,
  /** The host's device plays this: the entry in the player's shape (the host's answer only). */
  entry: PlaylistEntrySchema.optional(),
});
export type PartyTrack = z.infer<typeof PartyTrackSchema>;

export const PartyGuestSchema = z.object({
  guestId: z.number().int(),
  name: z.string(),
  signedIn: z.boolean(),
  joinedAt: z.string(),
  removed: z.boolean(),
});
export type PartyGuest = z.infer<typeof PartyGuestSchema>;

/** GET /api/party/{token}: the party page's state as this viewer may see it. */
export const PartyStateSchema = z.object({
  partyId: z.number().int(),
  hostName: z.string(),
  isHost: z.boolean(),
  allowAnonymous: z.boolean(),
  /** Whether this viewer may add and vote (signed in, or signed out where the host allows). */
  canAdd: z.boolean(),
  nowPlaying: PartyTrackInfoSchema.extend({ trackId: z.number().int().nullable() }).nullable(),
  /** Highest score first, then the earliest added. */
  upcoming: z.array(PartyTrackSchema),
  trackCount: z.number().int(),
  maxTracks: z.number().int(),
  /** The host's answer only: who joined, removed ones included. */
  guests: z.array(PartyGuestSchema),
});
export type PartyState = z.infer<typeof PartyStateSchema>;

export const PartySearchAnswerSchema = z.object({ tracks: z.array(PartyTrackInfoSchema) });
export type PartySearchAnswer = z.infer<typeof PartySearchAnswerSchema>;

export const AddedPartyTrackSchema = z.object({ trackId: z.number().int() });

/**
 * The party's upcoming order: highest score first, ties by the earliest added, then by id (two
 * adds in the same millisecond). The server sorts in SQL; this is the rule the player and the
 * tests read.
 */
export function partyOrder<T extends { score: number; addedAt: string; trackId: number }>(
  tracks: readonly T[],
): T[] {
  return [...tracks].sort(
    (a, b) =>
      b.score - a.score ||
      (a.addedAt < b.addedAt ? -1 : a.addedAt > b.addedAt ? 1 : 0) ||
      a.trackId - b.trackId,
  );
}
