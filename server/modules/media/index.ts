/**
 * The media module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across.
 */
export { MediaContexts, requireAudio } from './media-context';
export { AUDIO_MIMES, originalMime } from './media-names';
export { mediaServices } from './media-services';
export type { MediaServices } from './media-services';
export type { MediaFile, MediaRepository } from './media.repository';
export type { StoredPathsRepository } from './stored-paths.repository';
