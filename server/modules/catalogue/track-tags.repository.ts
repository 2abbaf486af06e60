import type { TrackInfo } from '../../media/audio-tags';
import { withExecutor } from '../../db/with-executor';
import type { ArtistsRepository } from '../artists';
import type { LyricsRepository } from '../lyrics';
import type { Executor } from './catalogue-write.repository';

/**
 * Bump when the tag reader learns a field the catalogue stores: a re-import reads rows of an
 * older version again and upgrades them in place (same file ids). 1: discs, artist credits,
 * compilation, ReplayGain and lyrics (issue 28).
 */
export const TAGS_VERSION = 1;

/** The audio row's columns for a track's tags: an import and a tag rewrite store the same. */
export const audioColumns = (info: TrackInfo) => ({
  title: info.title,
  artists: JSON.stringify(info.artists),
  album: info.album,
  album_artist: info.albumArtist,
  label: info.label,
  release_date: info.releaseDate,
  genres: JSON.stringify(info.genres),
  bpm: info.bpm,
  format: info.format,
  codec: info.codec,
  bitrate: info.bitrate,
  sample_rate: info.sampleRate,
  bit_depth: info.bitDepth,
  duration: info.duration,
  track_number: info.trackNumber,
  disc_number: info.discNumber,
  disc_count: info.discCount,
  disc_subtitle: info.discSubtitle,
  track_gain: info.trackGain,
  track_peak: info.trackPeak,
  album_gain: info.albumGain,
  album_peak: info.albumPeak,
  compilation: info.compilation ? 1 : 0,
  tags_version: TAGS_VERSION,
});

/**
 * Everything a track's tags put in the catalogue, in the caller's transaction: the audio row,
 * its artists (in tag order) and the lyrics the file carries or sits beside.
 */
/** The other modules' repositories a track's tags write to, handed in by server/root. */
export interface TrackLinks {
  artists: ArtistsRepository;
  lyrics: LyricsRepository;
}

export class TrackTagsRepository {
  constructor(
    private readonly db: Executor,
    private readonly linked: TrackLinks,
  ) {}

  async insert(fileId: number, info: TrackInfo): Promise<void> {
    await this.db
      .insertInto('audio')
      .values({ file_id: fileId, ...audioColumns(info) })
      .execute();
    await this.links(fileId, info);
  }

  async update(fileId: number, info: TrackInfo): Promise<void> {
    await this.db
      .updateTable('audio')
      .set(audioColumns(info))
      .where('file_id', '=', fileId)
      .execute();
    await this.links(fileId, info);
  }

  private async links(fileId: number, info: TrackInfo): Promise<void> {
    const artists = withExecutor(this.linked.artists, this.db);
    await artists.setTrackArtists(fileId, await artists.resolve(info.artistCredits));
    // Known by name from here: the collection's album artists are chosen by name when its
    // aggregates are refreshed, and find the sort name and MusicBrainz id learnt now.
    await artists.resolve(info.albumArtistCredits);
    await withExecutor(this.linked.lyrics, this.db).saveImported(fileId, info.lyrics);
  }
}
