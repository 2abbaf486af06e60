import type { Episode, PodcastDetail, PodcastSummary } from '../../../domain/podcasts';
import {
  intParam,
  requiredParam,
  SENT,
  type SubsonicCalls,
  type SubsonicContext,
  type SubsonicPayload,
} from './subsonic-call';
import { channelId, channelIdOf, episodeId, requireEpisodeId } from './subsonic-podcast-ids';

const SUBSONIC_STATUS = {
  remote: 'new',
  downloading: 'downloading',
  downloaded: 'completed',
  error: 'error',
} as const;

const SUFFIXES: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
};

/** An episode as Subsonic apps read it; `streamId` is always given (the server relays). */
export function episodeEntry(episode: Episode): SubsonicPayload {
  const contentType = episode.contentType ?? 'audio/mpeg';
  return {
    id: episodeId(episode.episodeId),
    streamId: episodeId(episode.episodeId),
    channelId: channelId(episode.podcastId),
    parent: channelId(episode.podcastId),
    isDir: false,
    title: episode.title,
    ...(episode.description ? { description: episode.description } : {}),
    ...(episode.publishedAt ? { publishDate: episode.publishedAt } : {}),
    status: SUBSONIC_STATUS[episode.status],
    ...(episode.duration !== null ? { duration: episode.duration } : {}),
    contentType,
    suffix: SUFFIXES[contentType] ?? 'mp3',
    type: 'podcast',
  };
}

function channel(podcast: PodcastSummary, detail: PodcastDetail | null): SubsonicPayload {
  return {
    id: channelId(podcast.podcastId),
    title: podcast.title,
    ...(detail ? { url: detail.url } : {}),
    ...(detail?.description ? { description: detail.description } : {}),
    ...(podcast.imageUrl ? { originalImageUrl: podcast.imageUrl } : {}),
    status: podcast.error ? 'error' : 'completed',
    ...(podcast.error ? { errorMessage: podcast.error } : {}),
    ...(detail ? { episode: detail.episodes.map(episodeEntry) } : {}),
  };
}

async function getPodcasts(ctx: SubsonicContext): Promise<SubsonicPayload> {
  const { podcasts } = ctx.deps.services;
  const withEpisodes = ctx.params.get('includeEpisodes') !== 'false';
  const only = ctx.params.get('id');
  const list = await podcasts.list(ctx.caller);
  const wanted =
    only === undefined || only === ''
      ? list
      : list.filter((p) => p.podcastId === channelIdOf(only));
  const channels = [];
  for (const podcast of wanted)
    channels.push(
      channel(podcast, withEpisodes ? await podcasts.detail(ctx.caller, podcast.podcastId) : null),
    );
  return { podcasts: { channel: channels } };
}

/** Podcasts' /rest calls; the same service, rights and errors as /api/podcast. */
export const podcastCalls: SubsonicCalls = {
  getPodcasts,

  async getNewestPodcasts(ctx) {
    const count = intParam(ctx.params, 'count', 20, 1, 500);
    const episodes = await ctx.deps.services.podcasts.newest(ctx.caller, count);
    return { newestPodcasts: { episode: episodes.map(episodeEntry) } };
  },

  async getPodcastEpisode(ctx) {
    const id = requireEpisodeId(requiredParam(ctx.params, 'id'));
    const episode = await ctx.deps.services.podcasts.episodeWire(ctx.caller, id);
    return { podcastEpisode: episodeEntry(episode) };
  },

  async refreshPodcasts(ctx) {
    await ctx.deps.services.podcasts.refreshAll(ctx.caller);
    return {};
  },

  async createPodcastChannel(ctx) {
    await ctx.deps.services.podcasts.subscribe(ctx.caller, requiredParam(ctx.params, 'url'));
    return {};
  },

  async deletePodcastChannel(ctx) {
    const id = channelIdOf(requiredParam(ctx.params, 'id'));
    await ctx.deps.services.podcasts.unsubscribe(ctx.caller, id);
    return {};
  },

  async downloadPodcastEpisode(ctx) {
    const id = requireEpisodeId(requiredParam(ctx.params, 'id'));
    await ctx.deps.services.podcasts.requestDownload(ctx.caller, id);
    return {};
  },

  async deletePodcastEpisode(ctx) {
    const id = requireEpisodeId(requiredParam(ctx.params, 'id'));
    await ctx.deps.services.podcasts.deleteDownload(ctx.caller, id);
    return {};
  },
};

/** `stream` of a `pe-` id: the web app's episode stream (storage with ranges, or the relay). */
export async function streamEpisode(ctx: SubsonicContext, id: number): Promise<typeof SENT> {
  const { podcasts, podcastFetcher } = ctx.deps.services;
  const episode = await podcasts.episode(ctx.caller, id);
  await podcastFetcher.stream(ctx.request, ctx.reply, ctx.caller, episode);
  return SENT;
}
