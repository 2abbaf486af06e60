/**
 * Top-track playlists are hidden when the user has chosen favourite genres and the playlist
 * title names a genre the user did not choose (spec part 1, "Home screen"). Matching is
 * case-insensitive on whole words, and a chosen genre is taken out of the title first so
 * "Top Deep House" is not hidden for a "Deep House" fan just because "House" is unchosen.
 */
export function visibleTopPlaylists<T extends { playlistTitle: string }>(
  playlists: readonly T[],
  chosenGenres: readonly string[],
  allGenres: readonly string[],
): T[] {
  if (chosenGenres.length === 0) return [...playlists];
  const chosen = new Set(chosenGenres.map((g) => g.toLowerCase()));
  const others = allGenres.filter((g) => !chosen.has(g.toLowerCase()));
  // Longest first, so a longer chosen genre is removed before a shorter one inside it.
  const chosenByLength = [...chosen].sort((a, b) => b.length - a.length);
  return playlists.filter((playlist) => {
    let title = ` ${playlist.playlistTitle.toLowerCase()} `;
    for (const genre of chosenByLength) title = title.split(wordPattern(genre)).join(' ');
    return !others.some((genre) => wordPattern(genre.toLowerCase()).test(title));
  });
}

function wordPattern(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u');
}
