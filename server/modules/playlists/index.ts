/**
 * The playlists module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across.
 */
export { isPublic, toWireEntry } from './playlist-mapper';
export type {
  PlaylistDates,
  PlaylistEntryRow,
  PlaylistRow,
  PlaylistsRepository,
} from './playlists.repository';
export { PlaylistsService } from './playlists.service';
