import type { Lyrics } from '../../../domain/lyrics';
import type { SubsonicContext, SubsonicPayload } from './subsonic-call';

/** Tags and sidecar files carry no language we keep: "xxx" is the taggers' "unknown". */
const UNKNOWN_LANGUAGE = 'xxx';

/** The structured lyrics of the songLyrics extension, from what GET /api/lyrics/{id} serves. */
export function structuredLyrics(lyrics: Lyrics, artists: string[], title: string) {
  if (lyrics.lines.length === 0) return [];
  return [
    {
      displayArtist: artists.join(', '),
      displayTitle: title,
      lang: UNKNOWN_LANGUAGE,
      synced: lyrics.synced,
      offset: 0,
      line: lyrics.lines.map((l) =>
        lyrics.synced && l.startMs !== undefined
          ? { start: l.startMs, value: l.text }
          : { value: l.text },
      ),
    },
  ];
}

/** `getLyricsBySongId`: the web app's lyrics of a track the caller may see (70 otherwise). */
export async function lyricsBySongId(
  ctx: SubsonicContext,
  fileId: number,
): Promise<SubsonicPayload> {
  const { title, artists, lyrics } = await ctx.deps.services.lyrics.ofTrack(fileId, ctx.caller);
  return { lyricsList: { structuredLyrics: structuredLyrics(lyrics, artists, title) } };
}

/** `getLyrics`: plain text of the first visible track of that artist and title; `{}` if none. */
export async function lyricsByArtistAndTitle(
  ctx: SubsonicContext,
  artist: string,
  title: string,
): Promise<SubsonicPayload> {
  const found = await ctx.deps.services.lyrics.byArtistAndTitle(artist, title, ctx.caller);
  if (!found) return { lyrics: {} };
  return {
    lyrics: {
      artist: found.artists.join(', '),
      title: found.title,
      value: found.lyrics.lines.map((l) => l.text).join('\n'),
    },
  };
}
