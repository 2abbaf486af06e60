import { z } from 'zod';
import { PlaylistEntrySchema } from './playlist';

/**
 * Radio and instant mix (issue 48): GET /api/radio?seed=…&count=…&exclude=… answers the next
 * page of an endless queue that sounds like a continuation of the seed. The answer's entries
 * are the player's queue shape (playlist entries, each saying whether it plays in full).
 */

export const RADIO_DEFAULT_COUNT = 50;
export const RADIO_MAX_COUNT = 100;
/** The most ids a client sends back as "already queued" (the session's last ones). */
export const RADIO_MAX_EXCLUDE = 500;
export const RADIO_MAX_GENRE_LENGTH = 100;
/** The diversity rule: at most this many tracks of one artist in any window of this many. */
export const RADIO_ARTIST_MAX = 3;
export const RADIO_ARTIST_WINDOW = 20;

export type RadioSeed =
  | { kind: 'file'; id: number }
  | { kind: 'collection'; id: number }
  | { kind: 'artist'; id: number }
  | { kind: 'genre'; name: string };

const SEED_KINDS = ['file', 'collection', 'artist', 'genre'] as const;
const MAX_ID = 2 ** 31 - 1;
const SEED_HELP = 'seed must be file:{id}, collection:{id}, artist:{id} or genre:{name}';

/** Reads `kind:value`; a message naming what is wrong otherwise. */
export function parseRadioSeed(raw: string): RadioSeed | string {
  const colon = raw.indexOf(':');
  if (colon < 0) return SEED_HELP;
  const kind = raw.slice(0, colon);
  const value = raw.slice(colon + 1);
  if (!(SEED_KINDS as readonly string[]).includes(kind)) return SEED_HELP;
  if (kind === 'genre') {
    const name = value.trim();
    if (name === '') return 'seed genre name is empty';
    if (name.length > RADIO_MAX_GENRE_LENGTH)
      return `seed genre name is longer than ${RADIO_MAX_GENRE_LENGTH} characters`;
    return { kind: 'genre', name };
  }
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > MAX_ID)
    return `seed ${kind} id must be a positive whole number`;
  return { kind: kind as 'file' | 'collection' | 'artist', id: Number(value) };
}

/** Reads "1,2,3" (queue order); a message naming what is wrong otherwise. */
export function parseExclude(raw: string): number[] | string {
  if (raw.trim() === '') return [];
  const parts = raw.split(',');
  if (parts.length > RADIO_MAX_EXCLUDE) return `exclude lists at most ${RADIO_MAX_EXCLUDE} ids`;
  const ids: number[] = [];
  for (const part of parts) {
    const text = part.trim();
    if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > MAX_ID)
      return 'exclude must be comma-separated positive whole numbers';
    ids.push(Number(text));
  }
  return ids;
}

/** GET /api/radio's query string. */
export const RadioQuerySchema = z.object({
  seed: z
    .string({ error: 'seed is required' })
    .max(200, { error: 'seed is too long' })
    .transform((raw, ctx) => {
      const seed = parseRadioSeed(raw);
      if (typeof seed === 'string') {
        ctx.addIssue({ code: 'custom', message: seed });
        return z.NEVER;
      }
      return seed;
    }),
  count: z.coerce
    .number({ error: 'count must be a number' })
    .int({ error: 'count must be a whole number' })
    .min(1, { error: 'count must be at least 1' })
    .max(RADIO_MAX_COUNT, { error: `count must be at most ${RADIO_MAX_COUNT}` })
    .optional()
    .default(RADIO_DEFAULT_COUNT),
  exclude: z
    .string()
    .max(RADIO_MAX_EXCLUDE * 11, { error: `exclude lists at most ${RADIO_MAX_EXCLUDE} ids` })
    .optional()
    .default('')
    .transform((raw, ctx) => {
      const ids = parseExclude(raw);
      if (typeof ids === 'string') {
        ctx.addIssue({ code: 'custom', message: ids });
        return z.NEVER;
      }
      return ids;
    }),
});
export type RadioQuery = z.infer<typeof RadioQuerySchema>;

export const RadioAnswerSchema = z.object({ tracks: z.array(PlaylistEntrySchema) });
export type RadioAnswer = z.infer<typeof RadioAnswerSchema>;

/** The address of a seed as the query string carries it. */
export function radioSeedParam(seed: RadioSeed): string {
  return seed.kind === 'genre' ? `genre:${seed.name}` : `${seed.kind}:${seed.id}`;
}

/**
 * Whether a track may follow `recent` (the queue's tail, oldest first) under the diversity
 * rule: none of its artists already has RADIO_ARTIST_MAX tracks among the last
 * RADIO_ARTIST_WINDOW - 1 entries. Tracks without artists are always allowed.
 */
export function fitsArtistWindow(
  artists: readonly number[],
  recent: ReadonlyArray<readonly number[]>,
): boolean {
  if (artists.length === 0) return true;
  const window = recent.slice(-(RADIO_ARTIST_WINDOW - 1));
  return artists.every(
    (artist) => window.filter((other) => other.includes(artist)).length < RADIO_ARTIST_MAX,
  );
}
