import { describe, expect, it } from 'vitest';
import { normaliseGainDb, queueMeasure } from './loudness-gain';
import { tracksOfCollection } from './playback';
import { replayGainMeasure, taggedAlbumMeasure } from './replay-gain';
import { libraryTrack } from './track';
import { testAudio, testCollection } from './track-fixture';

const audio = testAudio;
const collection = testCollection;

describe('ReplayGain tags as loudness', () => {
  it('plays a tagged track at its tagged gain (the player target is the RG reference)', () => {
    const measure = replayGainMeasure(-6.5, -0.3);
    expect(measure).toEqual({ loudness: -11.5, truePeak: -0.3 });
    // The peak ceiling (-1 dBTP) limits the gain only when it would be crossed.
    expect(normaliseGainDb(replayGainMeasure(-6.5, -8))).toBeCloseTo(-6.5, 6);
    expect(replayGainMeasure(null, -1)).toBeNull();
    expect(replayGainMeasure(Number.NaN, null)).toBeNull();
  });

  it('uses the tags until the server has measured the file, then the measure', () => {
    const file = { fileId: 9, fileImageHash: null };
    const tagged = libraryTrack(
      { file, audio: { ...audio, audioTrackGain: -4, audioTrackPeak: -2 } },
      collection,
      true,
    );
    expect(tagged).toMatchObject({ loudness: -14, truePeak: -2 });
    const measured = libraryTrack(
      {
        file,
        audio: {
          ...audio,
          audioLoudness: -9,
          audioTruePeak: -0.5,
          audioTrackGain: -4,
          audioTrackPeak: -2,
        },
      },
      collection,
      true,
    );
    expect(measured).toMatchObject({ loudness: -9, truePeak: -0.5 });
  });

  it('has an album measure only when every track carries the album gain', () => {
    expect(
      taggedAlbumMeasure([
        { albumGain: -3, albumPeak: -1.5 },
        { albumGain: -3, albumPeak: -1.5 },
      ]),
    ).toEqual({ loudness: -15, truePeak: -1.5 });
    expect(taggedAlbumMeasure([{ albumGain: -3 }, { albumGain: null }])).toBeNull();
    expect(taggedAlbumMeasure([])).toBeNull();
  });

  it('plays an album queued in order at its tagged album gain, a lone track at its own', () => {
    const file = (fileId: number) => ({
      fileId,
      filePath: `${fileId}.flac`,
      fileImageHash: null,
      fileDownloadCount: 0,
      fileSize: 1,
    });
    const tagged = (trackGain: number) => ({
      ...audio,
      audioArtistRefs: [],
      audioFormat: 'FLAC',
      audioBitrate: null,
      audioSampleRate: null,
      audioBitDepth: null,
      audioPlayCount: 0,
      audioTrackNumber: null,
      audioDiscNumber: null,
      audioDiscCount: null,
      audioDiscSubtitle: null,
      audioTrackGain: trackGain,
      audioTrackPeak: -3,
      audioAlbumGain: -5,
      audioAlbumPeak: -2,
      audioHasLyrics: false,
      audioLoudness: null,
      audioTruePeak: null,
    });
    const page = {
      collection: {
        ...collection,
        collectionHidden: false,
        collectionTags: [],
        collectionDescription: '',
        collectionAdded: '2026-01-01T00:00:00.000Z',
        collectionDownloadCount: 0,
        collectionPlayCount: 0,
        commentGroupId: null,
        unlockedCollectionUserId: null,
        collectionArtists: [],
        audioArtists: ['A'],
        audioLabel: null,
        audioGenres: [],
        audioBpm: null,
        audioReleaseDate: null,
        audioDuration: 400,
        audioFormat: 'FLAC',
        audioBitrate: null,
      },
      files: [
        { file: file(1), audio: tagged(-4) },
        { file: file(2), audio: tagged(-7) },
      ],
    };
    const queue = tracksOfCollection(page, true);
    expect(queueMeasure(queue, 1, 'album')).toMatchObject({ loudness: -13, truePeak: -2 });
    expect(queueMeasure(queue, 1, 'track')).toEqual({ loudness: -11, truePeak: -3 });
    // Out of its album, the track has only its own gain.
    expect(queueMeasure([queue[1]!], 0, 'album')).toEqual({ loudness: -11, truePeak: -3 });
  });
});
