import { requireBrowse } from '../../access/collections';
import { RADIO_MAX_COUNT, type RadioSeed } from '../../../domain/radio';
import {
  intParam,
  requiredParam,
  type SubsonicCalls,
  type SubsonicContext,
  type SubsonicPayload,
} from './subsonic-call';
import { parseRef, parseRefOf, type SubsonicRef } from './subsonic-ids';
import { songsFor } from './subsonic-songs';

const DEFAULT_COUNT = 50;

const seedOf = (ref: SubsonicRef): RadioSeed =>
  ref.kind === 'song'
    ? { kind: 'file', id: ref.id }
    : ref.kind === 'album'
      ? { kind: 'collection', id: ref.id }
      : { kind: 'artist', id: ref.id };

/**
 * getSimilarSongs (a song, album or artist id) and getSimilarSongs2 (an artist id): one page of
 * the radio (issue 48) from that seed. A seed the caller may not see is not found (70), like a
 * missing id; count is capped at the radio's page size.
 */
async function similarSongs(
  ctx: SubsonicContext,
  element: string,
  ref: SubsonicRef,
): Promise<SubsonicPayload> {
  const count = intParam(ctx.params, 'count', DEFAULT_COUNT, 0, RADIO_MAX_COUNT);
  const ids = await ctx.deps.services.radio.similarIds(ctx.caller, {
    seed: seedOf(ref),
    count: Math.max(1, count),
    exclude: [],
  });
  const picked = count === 0 ? [] : ids;
  return { [element]: { song: await songsFor(ctx.deps, ctx.caller, picked) } };
}

/** getTopSongs: the named artist's tracks the caller may see, most played first. */
async function topSongs(ctx: SubsonicContext): Promise<SubsonicPayload> {
  const name = requiredParam(ctx.params, 'artist');
  const count = intParam(ctx.params, 'count', DEFAULT_COUNT, 0, 500);
  const ids = await ctx.deps.services.radio.topSongIds(ctx.caller, name, count);
  if (ids.length === 0) return { topSongs: {} };
  return { topSongs: { song: await songsFor(ctx.deps, ctx.caller, ids) } };
}

/** The radio's /rest calls; each needs the browse right first (error 50 otherwise). */
export const radioCalls: SubsonicCalls = {
  getSimilarSongs: async (ctx) => {
    requireBrowse(ctx.caller);
    return similarSongs(ctx, 'similarSongs', parseRef(requiredParam(ctx.params, 'id')));
  },
  getSimilarSongs2: async (ctx) => {
    requireBrowse(ctx.caller);
    const id = parseRefOf(requiredParam(ctx.params, 'id'), 'artist');
    return similarSongs(ctx, 'similarSongs2', { kind: 'artist', id });
  },
  getTopSongs: async (ctx) => {
    requireBrowse(ctx.caller);
    return topSongs(ctx);
  },
};
