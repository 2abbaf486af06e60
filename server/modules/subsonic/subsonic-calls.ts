import type { SubsonicCalls } from './subsonic-call';
import { annotationCalls } from './subsonic-annotation.calls';
import { browsingCalls } from './subsonic-browsing.calls';
import { folderCalls, withMusicFolders } from './subsonic-folders';
import { listsCalls } from './subsonic-lists.calls';
import { mediaCalls } from './subsonic-media.calls';
import { playlistsCalls } from './subsonic-playlists.calls';
import { queueCalls } from './subsonic-queue.calls';
import { radioCalls } from './subsonic-radio.calls';
import { bookmarkCalls } from './subsonic-bookmarks.calls';
import { podcastCalls } from './subsonic-podcasts.calls';
import { radioStationCalls } from './subsonic-radio-stations.calls';
import { scanCalls } from './subsonic-scan.calls';
import { searchCalls } from './subsonic-search.calls';
import { systemCalls } from './subsonic-system.calls';
import { usersCalls } from './subsonic-users.calls';

/** Every /rest call by name; each group lives in its own subsonic-<group>.calls.ts. */
export const SUBSONIC_CALLS: SubsonicCalls = withMusicFolders({
  ...systemCalls,
  ...folderCalls,
  ...usersCalls,
  ...browsingCalls,
  ...listsCalls,
  ...searchCalls,
  ...playlistsCalls,
  ...mediaCalls,
  ...annotationCalls,
  ...queueCalls,
  ...scanCalls,
  ...radioCalls,
  ...podcastCalls,
  ...radioStationCalls,
  ...bookmarkCalls,
});
