import { Badge, Box, Button, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatDateTime } from '../../../../domain/format';
import type { Episode, PodcastDetail } from '../../../../domain/podcasts';
import type { Track } from '../../../../domain/track';
import { notifySuccess } from '../../../lib/notify';
import { PlayIcon } from '../../../ui/action-icons';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import {
  useEpisodeDownload,
  useMarkPlayed,
  usePodcast,
  useRefreshPodcast,
  useUnsubscribe,
} from '../api/podcasts-api';
import { episodeTrack } from '../episode-track';
import { podcastStrings as t } from '../strings';

/**
 * What the page needs of the player; the route hands in the player's controls. The player
 * keeps the position of whatever episode it plays (issue 49, src/common/bookmarks).
 */
export interface EpisodePlayer {
  playFrom(track: Track, seconds: number): void;
}

/** Offline copies of episodes (the offline feature's, handed in by the route). */
export interface EpisodeOffline {
  /** True while an episode is being saved: one at a time. */
  busy: boolean;
  state(episodeId: number): { saved: boolean; saving: boolean; share: number | null };
  save(episodeId: number, track: Track): void;
  remove(episodeId: number): void;
}

const clock = (ms: number): string => {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

function OfflineButton({
  episode,
  track,
  offline,
}: {
  episode: Episode;
  track: Track;
  offline: EpisodeOffline;
}) {
  const state = offline.state(episode.episodeId);
  if (state.saving)
    return (
      <HStack gap="2" minW="7rem" data-testid="episode-offline-progress">
        {/* A plain bar: Chakra's Progress would add its code to this page's chunk. */}
        <Box
          flex="1"
          h="1"
          bg="bg.muted"
          borderRadius="full"
          overflow="hidden"
          role="progressbar"
          aria-label={t.savingOffline}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={state.share === null ? undefined : Math.round(state.share * 100)}
        >
          <Box h="full" bg="brand.solid" w={`${Math.round((state.share ?? 0) * 100)}%`} />
        </Box>
        <Text fontSize="xs">
          {state.share === null ? t.savingOffline : `${Math.round(state.share * 100)}%`}
        </Text>
      </HStack>
    );
  if (state.saved)
    return (
      <>
        <Badge size="sm" colorPalette="green" data-testid="episode-saved-offline">
          {t.savedOffline}
        </Badge>
        <Button size="xs" variant="outline" onClick={() => offline.remove(episode.episodeId)}>
          {t.removeOffline}
        </Button>
      </>
    );
  return (
    <Button
      size="xs"
      variant="outline"
      disabled={offline.busy}
      onClick={() => offline.save(episode.episodeId, track)}
    >
      {t.saveOffline}
    </Button>
  );
}

function EpisodeRow({
  episode,
  track,
  offline,
  onPlay,
}: {
  episode: Episode;
  track: Track;
  offline: EpisodeOffline | undefined;
  onPlay: () => void;
}) {
  const download = useEpisodeDownload();
  const played = useMarkPlayed();
  const saved = episode.status === 'downloaded';
  return (
    <Flex as="li" align="center" gap="3" py="2" borderBottomWidth="1px" data-testid="episode-entry">
      <IconButton aria-label={t.play(episode.title)} size="sm" variant="ghost" onClick={onPlay}>
        <PlayIcon />
      </IconButton>
      <Stack gap="0" minW="0" flex="1">
        <Text fontWeight={episode.played ? 'normal' : 'semibold'} truncate>
          {episode.title}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate>
          {[
            episode.publishedAt ? formatDateTime(episode.publishedAt) : null,
            episode.duration ? clock(episode.duration * 1000) : null,
            episode.positionMs > 0 && !episode.played
              ? t.resumeAt(clock(episode.positionMs))
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
      {t.status[episode.status] ? (
        <Badge size="sm" variant="subtle">
          {t.status[episode.status]}
        </Badge>
      ) : null}
      <Button
        size="xs"
        variant="outline"
        disabled={episode.status === 'downloading'}
        onClick={() => download.mutate({ episodeId: episode.episodeId, remove: saved })}
      >
        {saved ? t.removeDownload : t.download}
      </Button>
      {offline ? <OfflineButton episode={episode} track={track} offline={offline} /> : null}
      <Button
        size="xs"
        variant="ghost"
        onClick={() => played.mutate({ episodeId: episode.episodeId, played: !episode.played })}
      >
        {episode.played ? t.markUnplayed : t.markPlayed}
      </Button>
    </Flex>
  );
}

function Podcast({
  podcast,
  player,
  offline,
}: {
  podcast: PodcastDetail;
  player: EpisodePlayer;
  offline: EpisodeOffline | undefined;
}) {
  const refresh = useRefreshPodcast();
  const unsubscribe = useUnsubscribe();
  const navigate = useNavigate();
  const play = (episode: Episode) => {
    // A finished episode starts over; an unfinished one resumes where it was left.
    const startMs = episode.played ? 0 : episode.positionMs;
    player.playFrom(episodeTrack(episode, podcast), startMs / 1000);
  };
  return (
    <Box>
      <Link to="/podcasts">{t.back}</Link>
      <PageHeading title={podcast.title}>{podcast.author ?? ''}</PageHeading>
      {podcast.error ? (
        <Text color="fg.error" mb="4">
          {t.feedError(podcast.error)}
        </Text>
      ) : null}
      <HStack gap="2" mb="4">
        <Button
          size="sm"
          variant="outline"
          loading={refresh.isPending}
          onClick={() => refresh.mutate(podcast.podcastId)}
        >
          {t.refresh}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() =>
            unsubscribe.mutate(podcast.podcastId, {
              onSuccess: () => {
                notifySuccess(t.unsubscribed);
                void navigate({ to: '/podcasts' });
              },
            })
          }
        >
          {t.unsubscribe}
        </Button>
      </HStack>
      <Stack as="ul" gap="0" listStyleType="none">
        {podcast.episodes.map((episode) => (
          <EpisodeRow
            key={episode.episodeId}
            episode={episode}
            track={episodeTrack(episode, podcast)}
            offline={offline}
            onPlay={() => play(episode)}
          />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * /podcast/{id}: one podcast's episodes, to play, save on the server or offline, and mark
 * played. Its data is kept with the query cache, so a podcast opened before opens offline.
 */
export function PodcastPage({
  id,
  player,
  offline,
}: {
  id: number;
  player: EpisodePlayer;
  offline?: EpisodeOffline;
}) {
  const podcast = usePodcast(id);
  if (podcast.isPending) return <CenteredSpinner label={t.loading} />;
  if (podcast.isError) return <LoadError error={podcast.error} />;
  return <Podcast podcast={podcast.data} player={player} offline={offline} />;
}
