import {
  intParam,
  requiredParam,
  SENT,
  SubsonicError,
  type SubsonicCalls,
  type SubsonicParams,
} from './subsonic-call';
import { parseRef, parseRefOf } from './subsonic-ids';
import { COVER_SIZE, SubsonicCovers } from './subsonic-media-covers';
import { asSubsonic } from './subsonic-media-errors';
import { lyricsByArtistAndTitle, lyricsBySongId } from './subsonic-media-lyrics';
import { downloadRef, streamSong } from './subsonic-stream';

/** Seconds, whole or not (transcodeOffset extension); error 10 when it is not a number. */
function secondsParam(params: SubsonicParams, name: string): number {
  const raw = params.get(name);
  if (raw === undefined || raw === '') return 0;
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(raw))
    throw new SubsonicError(10, `Parameter ${name} is not a number of seconds`);
  return Number(raw);
}

/** Bytes (stream, download, getCoverArt) and lyrics; the bytes calls answer SENT. */
export const mediaCalls: SubsonicCalls = {
  async stream(ctx) {
    const id = parseRefOf(requiredParam(ctx.params, 'id'), 'song');
    const ask = {
      format: ctx.params.get('format'),
      maxBitRate: intParam(ctx.params, 'maxBitRate', 0, 0, 100_000),
      timeOffset: secondsParam(ctx.params, 'timeOffset'),
    };
    await asSubsonic(() => streamSong(ctx, id, ask));
    return SENT;
  },

  async download(ctx) {
    const ref = parseRef(requiredParam(ctx.params, 'id'));
    await asSubsonic(() => downloadRef(ctx, ref));
    return SENT;
  },

  async getCoverArt(ctx) {
    const ref = parseRef(requiredParam(ctx.params, 'id'));
    const size = ctx.params.get('size')
      ? intParam(ctx.params, 'size', COVER_SIZE.max, COVER_SIZE.min, COVER_SIZE.max)
      : null;
    await asSubsonic(() => new SubsonicCovers(ctx).send(ref, size));
    return SENT;
  },

  async getLyricsBySongId(ctx) {
    const id = parseRefOf(requiredParam(ctx.params, 'id'), 'song');
    return asSubsonic(() => lyricsBySongId(ctx, id));
  },

  async getLyrics(ctx) {
    const artist = ctx.params.get('artist') ?? '';
    const title = ctx.params.get('title') ?? '';
    return asSubsonic(() => lyricsByArtistAndTitle(ctx, artist, title));
  },
};
