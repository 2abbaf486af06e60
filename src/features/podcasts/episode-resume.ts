import { queryClient } from '../../app/query-client';
import type { EpisodePlayer } from './components/podcast-page';
import { podcastQuery } from './api/podcasts-api';
import { episodeTrack } from './episode-track';

/**
 * Plays an episode from `seconds` in, found through its podcast (home's "Continue listening",
 * issue 49), named like the podcast page names it; false when it is no longer there.
 */
export async function resumeEpisode(
  podcastId: number,
  episodeId: number,
  seconds: number,
  player: EpisodePlayer,
): Promise<boolean> {
  const podcast = await queryClient.fetchQuery({ ...podcastQuery(podcastId), staleTime: 0 });
  const episode = podcast.episodes.find((e) => e.episodeId === episodeId);
  if (!episode) return false;
  player.playFrom(episodeTrack(episode, podcast), seconds);
  return true;
}
