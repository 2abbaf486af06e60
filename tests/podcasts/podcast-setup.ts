import { expect } from 'vitest';
import { PodcastDetailSchema, type PodcastDetail } from '../../domain/podcasts';
import type { TestClient } from '../helpers/client';
import {
  rssFeed,
  startPodcastHost,
  type FakePodcastHost,
  type FeedEpisode,
} from '../helpers/fake-podcast-host';
import { registerMember, type Member } from '../helpers/setup';
import { setUpSubsonic, type SubsonicSetup } from '../helpers/subsonic';

export interface PodcastSetup extends SubsonicSetup {
  host: FakePodcastHost;
  newMember(name: string): Promise<Member>;
  /** Serves an RSS feed at `path` and answers its address. */
  serveRss(path: string, title: string, episodes: FeedEpisode[]): string;
}

export const twoEpisodes = (prefix: string): FeedEpisode[] => [
  {
    guid: `${prefix}-2`,
    title: `${prefix} two`,
    date: '2026-02-02T10:00:00Z',
    file: `/audio/${prefix}-2.mp3`,
  },
  {
    guid: `${prefix}-1`,
    title: `${prefix} one`,
    date: '2026-01-01T10:00:00Z',
    file: `/audio/${prefix}-1.mp3`,
  },
];

/**
 * A listening app (for /rest) and a loopback podcast host. FETCH_ALLOW_PRIVATE=1 is the test
 * rig's switch that lets the app reach 127.0.0.1 (loopback only).
 */
export async function setUpPodcasts(): Promise<PodcastSetup> {
  process.env.FETCH_ALLOW_PRIVATE = '1';
  const s = await setUpSubsonic();
  const host = await startPodcastHost();
  return {
    ...s,
    host,
    newMember: (name) => registerMember(s.t, name),
    serveRss(path, title, episodes) {
      host.feeds.set(path, rssFeed(host.url, title, episodes));
      return `${host.url}${path}`;
    },
    async close() {
      await host.close();
      await s.close();
    },
  };
}

export async function subscribe(client: TestClient, url: string): Promise<number> {
  const response = await client.put('/api/podcast', { url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ podcastId: number }>().podcastId;
}

export async function podcastOf(client: TestClient, id: number): Promise<PodcastDetail> {
  const response = await client.get(`/api/podcast/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return PodcastDetailSchema.parse(response.json());
}

/** Waits until the episode's status is one of `wanted` (downloads run on the job queue). */
export async function episodeStatus(
  client: TestClient,
  podcastId: number,
  episodeId: number,
  wanted: string[],
): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const status = (await podcastOf(client, podcastId)).episodes.find(
      (e) => e.episodeId === episodeId,
    )?.status;
    if (status !== undefined && wanted.includes(status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`episode ${episodeId} never reached ${wanted.join('/')}`);
}
