import { describe, expect, it } from 'vitest';
import type { ArtistTrack } from '../../../domain/artist';
import { AudioSchema, CollectionSchema, FileSchema } from '../../../domain/collection';
import { artistTracks, shuffled } from './artist-tracks';

const collection = (collectionId: number, collectionPrice: number | null) =>
  CollectionSchema.parse({
    collectionId,
    collectionName: `Album ${collectionId}`,
    collectionHidden: false,
    collectionTags: [],
    collectionPrice,
    collectionDescription: '',
    collectionImageHash: null,
    collectionAdded: '2025-01-01T00:00:00.000Z',
    collectionDownloadCount: 0,
    collectionPlayCount: 0,
    commentGroupId: null,
    unlockedCollectionUserId: null,
    audioArtists: ['Ava'],
    audioLabel: null,
    audioGenres: [],
    audioBpm: null,
    audioReleaseDate: null,
    audioDuration: 60,
    audioFormat: 'MP3',
    audioBitrate: null,
  });

const row = (fileId: number, collectionId: number, price: number | null, audio = true) => ({
  collection: collection(collectionId, price),
  entry: {
    file: FileSchema.parse({
      fileId,
      filePath: `${fileId}.mp3`,
      fileImageHash: null,
      fileDownloadCount: 0,
      fileSize: 1,
    }),
    audio: audio
      ? AudioSchema.parse({
          audioTitle: `Song ${fileId}`,
          audioArtists: ['Ava'],
          audioArtistRefs: [{ artistId: 7, artistName: 'Ava' }],
          audioAlbum: null,
          audioLabel: null,
          audioReleaseDate: null,
          audioGenres: [],
          audioBpm: null,
          audioFormat: 'MP3',
          audioBitrate: null,
          audioSampleRate: null,
          audioBitDepth: null,
          audioDuration: 30,
          audioPlayCount: 0,
          audioTrackNumber: null,
          audioHasLyrics: true,
          audioLoudness: null,
          audioTruePeak: null,
        })
      : null,
  },
});

describe("an artist's top tracks as player tracks", () => {
  const member = { roleDownloadPaid: false, roleDownloadLimit: 0, roleTranscode: false };

  it('keep their order, leave out files without audio and carry artists and lyrics', () => {
    const top: ArtistTrack[] = [row(3, 1, null), row(4, 1, null, false), row(5, 2, null)];
    const tracks = artistTracks(top, member);
    expect(tracks.map((t) => t.fileId)).toEqual([3, 5]);
    expect(tracks[0]).toMatchObject({
      title: 'Song 3',
      album: 'Album 1',
      collectionId: 1,
      artistRefs: [{ artistId: 7, artistName: 'Ava' }],
      hasLyrics: true,
    });
  });

  it('are previews where the collection is priced and the role may not play it in full', () => {
    const tracks = artistTracks([row(3, 1, 499), row(5, 2, null)], member);
    expect(tracks.map((t) => t.isPreview)).toEqual([true, false]);
    expect(tracks[0]?.url).toContain('/downloader/preview/3');
    // Signed out: priced collections are previews too.
    expect(artistTracks([row(3, 1, 499)], null)[0]?.isPreview).toBe(true);
  });
});

describe('shuffled', () => {
  it('is a permutation that leaves its input alone', () => {
    const items = [1, 2, 3, 4, 5];
    const result = shuffled(items);
    expect([...result].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5]);
  });

  it('follows the random source (Fisher-Yates)', () => {
    // random() = 0 always swaps with the first: [1,2,3] -> [2,3,1].
    expect(shuffled([1, 2, 3], () => 0)).toEqual([2, 3, 1]);
    // Just under 1 always keeps each item in place.
    expect(shuffled([1, 2, 3], () => 0.999)).toEqual([1, 2, 3]);
  });
});
