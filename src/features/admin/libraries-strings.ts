/** English strings of the Libraries section of /admin/settings (issue 46). */
export const librariesStrings = {
  title: 'Libraries',
  intro:
    'Music folders the server follows: each is watched and scanned on a schedule ' +
    '(SCAN_INTERVAL), so new music appears by itself. The music folder (MUSIC_DIR) is always ' +
    'the first. Roles choose which libraries their members see.',
  loading: 'Loading libraries',
  empty: 'No library yet.',
  fromConfig: 'Music folder (MUSIC_DIR)',
  counts: (albums: number, tracks: number) =>
    `${albums === 1 ? '1 album' : `${albums} albums`}, ${tracks === 1 ? '1 track' : `${tracks} tracks`}`,
  vanished: 'The folder is missing or empty; nothing was hidden. Check the disk is mounted.',
  scanNow: 'Scan now',
  rename: 'Rename',
  remove: 'Remove',
  addTitle: 'Add a library',
  name: 'Name',
  path: 'Folder',
  pathHelp: 'The absolute path of a folder on the server, e.g. /srv/music/live',
  add: 'Add library',
  added: (name: string) => `${name} added; its first scan has started`,
  renameTitle: 'Rename library',
  save: 'Save',
  cancel: 'Cancel',
  renamed: 'Library renamed',
  removeTitle: (name: string) => `Remove the library ${name}?`,
  removeBody: (days: number) =>
    `Its albums will be hidden from everyone and kept for ${days === 1 ? '1 day' : `${days} days`} ` +
    '(MISSING_RETENTION_DAYS), then removed for good. Adding the same folder again before then ' +
    'brings them back with their likes and playlists. No file is deleted from the disk.',
  removed: (missing: number) =>
    `Library removed: ${missing === 1 ? '1 file' : `${missing} files`} hidden`,
} as const;
