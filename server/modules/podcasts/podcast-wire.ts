import type { Episode, EpisodeStatus, PodcastSummary } from '../../../domain/podcasts';
import { toBool } from '../../db/database';
import type { EpisodeWithState, FeedWithCounts } from './podcasts.repository';

const STATUSES: readonly EpisodeStatus[] = ['remote', 'downloading', 'downloaded', 'error'];

export function toSummary(row: FeedWithCounts): PodcastSummary {
  return {
    podcastId: row.feed_id,
    title: row.title,
    author: row.author,
    imageUrl: row.image_url,
    // PostgreSQL answers count() as text.
    episodeCount: Number(row.episode_count),
    unplayed: Number(row.unplayed),
    error: row.error,
    autoDownload: row.auto_download,
  };
}

export function toEpisode(row: EpisodeWithState): Episode {
  return {
    episodeId: row.episode_id,
    podcastId: row.feed_id,
    title: row.title,
    publishedAt: row.published_at,
    duration: row.duration_seconds,
    description: row.description,
    status: STATUSES.find((s) => s === row.status) ?? 'remote',
    positionMs: row.position_ms ?? 0,
    played: toBool(row.played),
    season: row.season,
    episode: row.episode_number,
    explicit: toBool(row.explicit),
    chaptersUrl: row.chapters_url,
    imageUrl: row.image_url,
    contentType: row.enclosure_type,
  };
}
