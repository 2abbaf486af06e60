/**
 * The smart playlists module's front door (decision 0055): what other modules may use.
 * Repositories appear here as types only, for the composition root to hand across.
 */
export type { SmartPlaylistsRepository } from './smart-playlists.repository';
export type { SmartTracksRepository } from './smart-tracks.repository';
export { SmartPlaylistsService, type SmartPlaylistCounted } from './smart-playlists.service';
export { smartPlaylistsRoutes } from './smart-playlists.routes';
