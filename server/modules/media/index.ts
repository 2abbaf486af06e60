/**
 * The media module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across.
 */
export { MediaContexts, requireAudio } from './media-context';
export { AUDIO_MIMES, originalMime } from './media-names';
export type { AdminMediaService } from './admin-media.service';
export { CastLinksService } from './cast-links.service';
export type { DownloadService } from './download.service';
export type { GaplessService } from './gapless.service';
export type { PlaybackService, PlayOptions } from './playback.service';
export { planStream, streamJob } from './stream-plan';
export type { StreamCodec, StreamOptions, StreamPlan } from './stream-plan';
export type { MediaFile, MediaRepository } from './media.repository';
export type { StoredPathsRepository } from './stored-paths.repository';
export type { MediaContextRepository } from './media-context.repository';
