/**
 * The parties module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across.
 */
export { partiesRoutes } from './parties.routes';
export { PartiesService } from './parties.service';
export type { PartiesRepository } from './parties.repository';
export type { PartyFilesRepository } from './party-files.repository';
export type { PartyTracksRepository } from './party-tracks.repository';
