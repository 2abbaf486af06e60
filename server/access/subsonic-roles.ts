import { isStreamingOnly } from '../../domain/access';
import type { PublicSettings } from '../../domain/settings';
import type { Caller } from './caller';
import { downloadsLimited } from './rights';

/** The role flags of a Subsonic `user` element (getUser, getUsers), in the spec's order. */
export interface SubsonicRoleFlags {
  adminRole: boolean;
  settingsRole: boolean;
  downloadRole: boolean;
  uploadRole: boolean;
  playlistRole: boolean;
  coverArtRole: boolean;
  commentRole: boolean;
  podcastRole: boolean;
  streamRole: boolean;
  jukeboxRole: boolean;
  shareRole: boolean;
  videoConversionRole: boolean;
}

/** Downloads remain: unlimited, or the counter not used up (the same counter the web app uses). */
const downloadsLeft = (caller: Caller): boolean =>
  !downloadsLimited(caller) || (caller.user.remaining_downloads ?? 0) > 0;

/**
 * What a user may do, as Subsonic apps read it: an app greys out what is false. Streaming and
 * cover art follow the browse right; downloads also need the service not to be streaming-only
 * for the role and downloads left; playlists belong to every signed-in user; settings (the
 * user's own password and e-mail) are edited in the web app. Features this server does not
 * offer through /rest (podcasts, jukebox, shares, video, comments) are false.
 */
export function subsonicRoleFlags(
  caller: Caller,
  settings: Pick<PublicSettings, 'streamingOnly'>,
): SubsonicRoleFlags {
  return {
    adminRole: caller.isAdmin,
    settingsRole: false,
    downloadRole:
      caller.canBrowse && !isStreamingOnly(caller.role, settings) && downloadsLeft(caller),
    uploadRole: caller.isAdmin || caller.role.roleCanUpload,
    playlistRole: true,
    coverArtRole: caller.canBrowse,
    commentRole: false,
    podcastRole: false,
    streamRole: caller.canBrowse,
    jukeboxRole: false,
    shareRole: false,
    videoConversionRole: false,
  };
}
