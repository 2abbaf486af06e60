import { describe, expect, it } from 'vitest';
import {
  aggregateTracks,
  searchText,
  type TrackFacts,
} from '../../server/modules/catalogue/collection-aggregate';

const track = (over: Partial<TrackFacts>): TrackFacts => ({
  title: 'T',
  artists: [],
  label: null,
  genres: [],
  bpm: null,
  releaseDate: null,
  duration: 60,
  format: 'FLAC',
  bitrate: 900_000,
  ...over,
});

describe('aggregateTracks', () => {
  it('orders artists and genres by how many tracks carry them', () => {
    const agg = aggregateTracks([
      track({ artists: ['B'], genres: ['House'] }),
      track({ artists: ['A', 'B'], genres: ['Techno', 'House'] }),
      track({ artists: ['A', 'B'] }),
    ]);
    expect(agg.artists).toEqual(['B', 'A']);
    expect(agg.genres).toEqual(['House', 'Techno']);
  });

  it('takes the commonest label and format, the median BPM and the earliest date', () => {
    const agg = aggregateTracks([
      track({ label: 'L1', bpm: 120, releaseDate: '2021-05-01', format: 'MP3' }),
      track({ label: 'L2', bpm: 124, releaseDate: '2020-01-01' }),
      track({ label: 'L2', bpm: 200 }),
    ]);
    expect(agg).toMatchObject({ label: 'L2', bpm: 124, releaseDate: '2020-01-01', format: 'FLAC' });
  });

  it('sums durations and averages bitrates, and copes with an empty collection', () => {
    expect(
      aggregateTracks([track({ bitrate: 100 }), track({ bitrate: 300, duration: 30.5 })]),
    ).toMatchObject({
      duration: 90.5,
      bitrate: 200,
    });
    expect(aggregateTracks([])).toMatchObject({
      artists: [],
      label: null,
      bpm: null,
      duration: 0,
      format: null,
    });
  });
});

describe('searchText', () => {
  it('folds name, people and titles for accent-insensitive search', () => {
    const text = searchText(
      'Homogénic',
      aggregateTracks([track({ artists: ['Björk'], label: 'One Little' })]),
      ['Jóga'],
    );
    expect(text).toEqual({
      name: 'homogenic',
      people: 'bjork one little',
      tracks: 'joga',
      all: 'homogenic bjork one little joga',
    });
  });
});
