import { BookmarksService } from '../modules/bookmarks/bookmarks.service';
import type { MediaContexts } from '../modules/media';
import { PodcastFetcher } from '../modules/podcasts/podcast-fetcher';
import { PodcastsService } from '../modules/podcasts/podcasts.service';
import { RadioStationsService } from '../modules/radio-stations/radio-stations.service';
import type { ServiceInputs } from './service-inputs';

export interface PodcastServices {
  /** Podcasts (issue 49): subscriptions, episodes, positions. */
  podcasts: PodcastsService;
  /** Feeds, episode downloads and relays, through the guarded fetcher; its jobs. */
  podcastFetcher: PodcastFetcher;
  /** Internet radio stations and their relay. */
  radioStations: RadioStationsService;
  /** Positions in long tracks and episodes ("Continue listening", Subsonic bookmarks). */
  bookmarks: BookmarksService;
}

/** A whole number from the environment, or the default when unset or not one. */
function envMinutes(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * Podcasts, stations and bookmarks (issue 49). PODCAST_REFRESH_MINUTES (default 60) and
 * PODCAST_RETENTION_DAYS (default 30) are read here; the jobs are registered before the queue
 * starts.
 */
export function buildPodcastServices(
  inputs: ServiceInputs,
  contexts: MediaContexts,
): PodcastServices {
  const { repositories, files, jobs, config, log } = inputs;
  const podcastFetcher = new PodcastFetcher(repositories, files, jobs, {
    refreshMinutes: envMinutes(process.env.PODCAST_REFRESH_MINUTES, 60),
    retentionDays: envMinutes(process.env.PODCAST_RETENTION_DAYS, 30),
    maxEpisodeBytes: config.uploadMaxBytes,
    log: (err, message) => log.error({ err }, message),
  });
  podcastFetcher.schedule();
  const podcasts = new PodcastsService(repositories, podcastFetcher);
  return {
    podcasts,
    podcastFetcher,
    radioStations: new RadioStationsService(repositories, (err) =>
      log.error({ err }, 'station title could not be saved'),
    ),
    bookmarks: new BookmarksService(repositories, contexts, podcasts),
  };
}
