import {
  intParam,
  requiredParam,
  type SubsonicCalls,
  type SubsonicContext,
  type SubsonicPayload,
} from './subsonic-call';
import { parseRefOf } from './subsonic-ids';
import { episodeIdOf } from './subsonic-podcast-ids';
import { episodeEntry } from './subsonic-podcasts.calls';
import { songsFor } from './subsonic-songs';

/** getBookmarks: long tracks and unfinished episodes, with their entries. */
async function getBookmarks(ctx: SubsonicContext): Promise<SubsonicPayload> {
  const { bookmarks, podcasts } = ctx.deps.services;
  const username = ctx.caller.user.user_name;
  const list = await bookmarks.list(ctx.caller);
  const fileIds = list.filter((b) => b.kind === 'file').map((b) => b.id);
  const songs = new Map(
    (await songsFor(ctx.deps, ctx.caller, fileIds)).map((song) => [song.id, song]),
  );
  const entries: SubsonicPayload[] = [];
  for (const b of list) {
    const entry =
      b.kind === 'file'
        ? songs.get(String(b.id))
        : episodeEntry(await podcasts.episodeWire(ctx.caller, b.id));
    if (entry === undefined) continue;
    entries.push({
      position: b.positionMs,
      username,
      ...(b.comment ? { comment: b.comment } : {}),
      created: b.updatedAt,
      changed: b.updatedAt,
      entry,
    });
  }
  return { bookmarks: { bookmark: entries } };
}

/** The bookmark calls (issue 49): a song id or an episode (`pe-`) id. */
export const bookmarkCalls: SubsonicCalls = {
  getBookmarks,

  async createBookmark(ctx) {
    const raw = requiredParam(ctx.params, 'id');
    requiredParam(ctx.params, 'position');
    const position = intParam(ctx.params, 'position', 0, 0, 48 * 3600 * 1000);
    const comment = ctx.params.get('comment')?.slice(0, 500) ?? null;
    const episode = episodeIdOf(raw);
    if (episode !== null)
      await ctx.deps.services.podcasts.bookmark(ctx.caller, episode, position, comment);
    else
      await ctx.deps.services.bookmarks.saveFile(ctx.caller, parseRefOf(raw, 'song'), {
        positionMs: position,
        ...(comment === null ? {} : { comment }),
      });
    return {};
  },

  async deleteBookmark(ctx) {
    const raw = requiredParam(ctx.params, 'id');
    const episode = episodeIdOf(raw);
    if (episode !== null) await ctx.deps.services.podcasts.clearBookmark(ctx.caller, episode);
    else await ctx.deps.services.bookmarks.deleteFile(ctx.caller, parseRefOf(raw, 'song'));
    return {};
  },
};
