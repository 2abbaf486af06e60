/**
 * Share links (issue 33, section 3): the share dialog and the links list. The shared page
 * itself is drawn by the server, with its words beside it (server/modules/shares).
 */
export const shareStrings = {
  dialog: {
    open: 'Share',
    title: 'Share a link',
    intro: 'Anyone with the link can see the cover and track list and play 30-second previews.',
    expiry: 'Expires on (optional)',
    create: 'Create link',
    creating: 'Creating…',
    created: 'Link created. Copy it now: it is shown only once.',
    link: 'Share link',
    copy: 'Copy link',
    copied: 'Link copied',
    close: 'Close',
    failed: 'The link could not be created.',
  },
  list: {
    title: 'Your share links',
    allTitle: 'Share links',
    intro: 'Links you made to collections and playlists. Revoke one to close it for everyone.',
    empty: 'You have not shared anything yet.',
    loading: 'Loading share links',
    failed: 'The share links could not be loaded.',
    retry: 'Try again',
    shared: 'Shared',
    by: 'By',
    created: 'Created',
    expires: 'Expires',
    never: 'Never',
    expired: 'Expired',
    revoke: 'Revoke',
    revokeLabel: (name: string) => `Revoke the share link of ${name}`,
    revoked: 'Link revoked',
    revokeBody: 'Anyone opening the link will be told it does not exist. This cannot be undone.',
    cancel: 'Keep it',
    collection: 'Album',
    playlist: 'Playlist',
  },
} as const;
