import { describe, expect, it } from 'vitest';
import type { CollectionWithFiles } from './collection';
import { playsInFull, savableOffline, tracksFromCollections, type PlaybackRole } from './playback';

const limited: PlaybackRole = {
  roleDownloadPaid: false,
  roleDownloadLimit: 10,
  roleTranscode: false,
};
const priced = { collectionPrice: 500, unlockedCollectionUserId: null };

describe('playback mode per track', () => {
  it('plays a free collection in full', () => {
    expect(playsInFull({ collectionPrice: null, unlockedCollectionUserId: null }, limited)).toBe(
      true,
    );
    expect(playsInFull({ collectionPrice: 0, unlockedCollectionUserId: null }, limited)).toBe(true);
  });
  it('previews a priced collection the user cannot play in full', () => {
    expect(playsInFull(priced, limited)).toBe(false);
    expect(playsInFull(priced, null)).toBe(false);
  });
  it('plays a priced collection in full when unlocked', () => {
    expect(playsInFull({ collectionPrice: 500, unlockedCollectionUserId: 3 }, limited)).toBe(true);
  });
  it('plays in full with roleDownloadPaid or without a download limit', () => {
    expect(playsInFull(priced, { ...limited, roleDownloadPaid: true })).toBe(true);
    expect(playsInFull(priced, { ...limited, roleDownloadLimit: null })).toBe(true);
  });
});

const file = (fileId: number, hash: string | null = null) => ({
  fileId,
  filePath: `${fileId}.mp3`,
  fileImageHash: hash,
  fileDownloadCount: 0,
  fileSize: 100,
});
const audio = (title: string) => ({
  audioTitle: title,
  audioArtists: ['Artist'],
  audioAlbum: null,
  audioLabel: 'Label',
  audioReleaseDate: '2020-01-01',
  audioGenres: ['House'],
  audioBpm: 127.6,
  audioFormat: 'MP3',
  audioBitrate: 320,
  audioSampleRate: 44100,
  audioBitDepth: null,
  audioDuration: 180,
  audioPlayCount: 0,
  audioTrackNumber: 1,
});

describe('queueing a collection', () => {
  const item = (price: number | null): CollectionWithFiles =>
    ({
      collection: {
        collectionId: 7,
        collectionName: 'Album',
        collectionPrice: price,
        collectionImageHash: 'cover',
        unlockedCollectionUserId: null,
      },
      files: [
        { file: file(1), audio: audio('One') },
        { file: file(2), audio: null },
        { file: file(3, 'own'), audio: audio('Three') },
      ],
    }) as unknown as CollectionWithFiles;

  it('queues every file with audio and skips the others', () => {
    const tracks = tracksFromCollections([item(null)], limited);
    expect(tracks.map((t) => t.fileId)).toEqual([1, 3]);
    expect(tracks[0]?.url).toBe('/downloader/file/1?playback=true');
    expect(tracks[0]?.imageHash).toBe('cover');
    expect(tracks[1]?.imageHash).toBe('own');
    expect(tracks[0]?.album).toBe('Album');
  });

  it('queues previews of a priced collection the user cannot play', () => {
    const tracks = tracksFromCollections([item(500)], limited);
    expect(tracks[0]?.url).toBe('/downloader/preview/1?playback=true');
    expect(tracks[0]?.isPreview).toBe(true);
    expect(tracks[0]?.price).toBe(500);
    expect(tracks.some(savableOffline)).toBe(false);
  });

  it('only full library tracks can be saved for offline', () => {
    const [full] = tracksFromCollections([item(null)], limited);
    expect(full && savableOffline(full)).toBe(true);
    expect(full && savableOffline({ ...full, external: true, fileId: undefined })).toBe(false);
  });
});
