import { describe, expect, it } from 'vitest';
import { externalPreviewTrack } from './external-preview';
import { TrackSchema } from './track';

describe('playing an external result', () => {
  it('queues the preview clip with the cover, external=true and no genres', () => {
    const track = externalPreviewTrack({
      platform: 'deezer',
      title: 'Song',
      album: 'Album',
      artists: ['A', 'B'],
      url: 'https://example.test/track/1',
      cover: 'https://example.test/c.jpg',
      coverFull: 'https://example.test/c-big.jpg',
      preview: 'https://example.test/p.mp3',
      duration: 30,
    });
    expect(TrackSchema.parse(track)).toMatchObject({
      title: 'Song',
      artists: ['A', 'B'],
      url: 'https://example.test/p.mp3',
      art: 'https://example.test/c.jpg',
      isPreview: true,
      external: true,
      genres: [],
      duration: 30,
    });
  });
});
