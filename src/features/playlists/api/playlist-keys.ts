/** Query keys of playlists and likes; invalidating `all` refreshes every one of them. */
export const playlistKeys = {
  all: ['playlists'] as const,
  mine: () => ['playlists', 'mine'] as const,
  detail: (id: number) => ['playlists', 'detail', id] as const,
  likedIds: () => ['playlists', 'liked-ids'] as const,
};
