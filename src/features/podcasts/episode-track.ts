import type { Episode, PodcastDetail } from '../../../domain/podcasts';
import { episodeStreamUrl } from '../../../domain/long-listening';
import type { Track } from '../../../domain/track';

/** The address an episode plays from: the server's stream (its storage, or its relay). */
export { episodeStreamUrl };

/** An episode as the player queues it: an external track named by its podcast. */
export function episodeTrack(episode: Episode, podcast: PodcastDetail): Track {
  return {
    title: episode.title,
    artists: [podcast.author ?? podcast.title],
    url: episodeStreamUrl(episode.episodeId),
    imageHash: null,
    ...((episode.imageUrl ?? podcast.imageUrl)
      ? { art: (episode.imageUrl ?? podcast.imageUrl)! }
      : {}),
    isPreview: false,
    duration: episode.duration ?? 0,
    bpm: null,
    label: null,
    genres: [],
    releaseDate: episode.publishedAt,
    album: podcast.title,
    price: null,
    external: true,
  };
}
