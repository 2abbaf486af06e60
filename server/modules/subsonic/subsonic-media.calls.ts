import { intParam, requiredParam, SENT, type SubsonicCalls } from './subsonic-call';
import { parseRef, parseRefOf } from './subsonic-ids';
import { COVER_SIZE, SubsonicCovers } from './subsonic-media-covers';
import { lyricsByArtistAndTitle, lyricsBySongId } from './subsonic-media-lyrics';
import { downloadRef, streamAskOf, streamSong } from './subsonic-stream';
import { episodeIdOf } from './subsonic-podcast-ids';
import { streamEpisode } from './subsonic-podcasts.calls';

/**
 * Bytes (stream, download, getCoverArt) and lyrics; the bytes calls answer SENT. What the media
 * services refuse reaches the client through the one mapping of subsonic-errors.ts.
 */
export const mediaCalls: SubsonicCalls = {
  async stream(ctx) {
    const raw = requiredParam(ctx.params, 'id');
    // A podcast episode (issue 49) has an id of its own kind.
    const episode = episodeIdOf(raw);
    if (episode !== null) return streamEpisode(ctx, episode);
    const id = parseRefOf(raw, 'song');
    await streamSong(ctx, id, streamAskOf(ctx.params));
    return SENT;
  },

  async download(ctx) {
    await downloadRef(ctx, parseRef(requiredParam(ctx.params, 'id')));
    return SENT;
  },

  async getCoverArt(ctx) {
    const ref = parseRef(requiredParam(ctx.params, 'id'));
    const size = ctx.params.get('size')
      ? intParam(ctx.params, 'size', COVER_SIZE.max, COVER_SIZE.min, COVER_SIZE.max)
      : null;
    await new SubsonicCovers(ctx).send(ref, size);
    return SENT;
  },

  getLyricsBySongId: (ctx) =>
    lyricsBySongId(ctx, parseRefOf(requiredParam(ctx.params, 'id'), 'song')),

  getLyrics: (ctx) =>
    lyricsByArtistAndTitle(ctx, ctx.params.get('artist') ?? '', ctx.params.get('title') ?? ''),
};
