import type { Lyrics } from '../../../domain/lyrics';
import { requireBrowse } from '../../access/collections';
import { requireAudio } from '../media';
import { mediaServices } from '../media';
import { LyricsService } from '../lyrics';
import type { SubsonicContext, SubsonicPayload } from './subsonic-call';
import { SubsonicLyricsRepository } from './subsonic-media-lyrics.repository';

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
  // The web app's rule for reading the library (browse right) and for this file's collection.
  const { file } = await mediaServices(ctx.deps).contexts.forFile(ctx.caller, fileId);
  const audio = requireAudio(file);
  const lyrics = await new LyricsService(ctx.deps.repositories.lyrics).get(fileId, ctx.caller);
  return { lyricsList: { structuredLyrics: structuredLyrics(lyrics, audio.artists, audio.title) } };
}

/** `getLyrics`: plain text of the first visible track of that artist and title; `{}` if none. */
export async function lyricsByArtistAndTitle(
  ctx: SubsonicContext,
  artist: string,
  title: string,
): Promise<SubsonicPayload> {
  requireBrowse(ctx.caller);
  const found = await new SubsonicLyricsRepository(ctx.deps.db).findByArtistAndTitle(
    artist,
    title,
    ctx.caller,
  );
  if (!found) return { lyrics: {} };
  return {
    lyrics: {
      artist: found.artists.join(', '),
      title: found.title,
      value: found.lines.map((l) => l.text).join('\n'),
    },
  };
}
