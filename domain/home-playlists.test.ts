import { describe, expect, it } from 'vitest';
import { visibleTopPlaylists } from './home-playlists';

const genres = ['Ambient', 'House', 'Deep House', 'Techno', 'Drum & Bass'];
const top = [
  'Top Ambient',
  'Top House',
  'Top Deep House',
  'Top Techno',
  'Top Drum & Bass',
  'Best of the year',
].map((playlistTitle) => ({ playlistTitle }));
const titles = (list: { playlistTitle: string }[]) => list.map((p) => p.playlistTitle);

describe('top-track playlists on the home screen', () => {
  it('shows every playlist when the user chose no genres', () => {
    expect(visibleTopPlaylists(top, [], genres)).toHaveLength(top.length);
  });

  it('hides titles naming a genre the user did not choose', () => {
    expect(titles(visibleTopPlaylists(top, ['Ambient'], genres))).toEqual([
      'Top Ambient',
      'Best of the year',
    ]);
  });

  it('matches case-insensitively and keeps a chosen genre containing an unchosen one', () => {
    expect(titles(visibleTopPlaylists(top, ['deep house'], genres))).toEqual([
      'Top Deep House',
      'Best of the year',
    ]);
  });

  it('handles genres with symbols', () => {
    expect(titles(visibleTopPlaylists(top, ['Drum & Bass'], genres))).toContain('Top Drum & Bass');
  });
});
