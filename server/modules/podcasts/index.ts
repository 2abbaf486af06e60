/**
 * The podcasts module's front door (decision 0055): what other modules may use. The repository
 * appears as a type only, for the composition root (server/root/) to hand an instance across.
 */
export type { PodcastsService } from './podcasts.service';
export type { PodcastFetcher } from './podcast-fetcher';
export type { PodcastsRepository, EpisodeWithState } from './podcasts.repository';
export { toEpisode } from './podcast-wire';
export { podcastsRoutes } from './podcasts.routes';
