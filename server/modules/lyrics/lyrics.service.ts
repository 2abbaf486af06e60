import { NO_LYRICS, type Lyrics } from '../../../domain/lyrics';
import { parseLyricsText } from '../../../domain/lyrics-lrc';
import type { Caller } from '../../access/caller';
import { FILE_NOT_FOUND, requireBrowse } from '../../access/collections';
import { NotFound } from '../../errors';
import type { LyricsRepository, TrackLyrics } from './lyrics.repository';

/** GET and PUT /api/lyrics/{fileId}. */
export class LyricsService {
  constructor(private readonly lyrics: LyricsRepository) {}

  /** The track's lyrics; a track the viewer may not see answers like an unknown one. */
  async get(fileId: number, viewer: Caller): Promise<Lyrics> {
    const found = await this.lyrics.visibleLyrics(fileId, viewer);
    if (found === undefined) throw new NotFound(FILE_NOT_FOUND);
    return found ?? NO_LYRICS;
  }

  /** The track's lyrics with its title and artists (apps show them together). */
  async ofTrack(fileId: number, viewer: Caller): Promise<TrackLyrics> {
    requireBrowse(viewer);
    const found = await this.lyrics.visibleTrack(fileId, viewer);
    if (found === undefined) throw new NotFound(FILE_NOT_FOUND);
    return found;
  }

  /**
   * The first visible track of that artist and title, compared folded (Subsonic's getLyrics
   * names a song, not an id); undefined when there is none.
   */
  byArtistAndTitle(
    artist: string,
    title: string,
    viewer: Caller,
  ): Promise<TrackLyrics | undefined> {
    requireBrowse(viewer);
    return this.lyrics.findByArtistAndTitle(artist, title, viewer);
  }

  /**
   * The admin's own lyrics (LRC or plain text); empty text removes them. Kept over what a later
   * import reads from the tags or a sidecar file.
   */
  async edit(fileId: number, text: string, admin: Caller): Promise<Lyrics> {
    if (!(await this.lyrics.isAudio(fileId))) throw new NotFound(FILE_NOT_FOUND);
    const lyrics = parseLyricsText(text);
    if (lyrics.lines.length === 0) await this.lyrics.remove(fileId);
    else await this.lyrics.save(fileId, lyrics, 'edited');
    return this.get(fileId, admin);
  }
}
