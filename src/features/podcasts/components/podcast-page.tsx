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
import { followEpisode, type WhereNow } from '../position-saver';
import { podcastStrings as t } from '../strings';

/** What the page needs of the player; the route hands in the player's controls. */
export interface EpisodePlayer {
  playFrom(track: Track, seconds: number): void;
  whereNow: WhereNow;
}

const clock = (ms: number): string => {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

function EpisodeRow({ episode, onPlay }: { episode: Episode; onPlay: () => void }) {
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

function Podcast({ podcast, player }: { podcast: PodcastDetail; player: EpisodePlayer }) {
  const refresh = useRefreshPodcast();
  const unsubscribe = useUnsubscribe();
  const navigate = useNavigate();
  const play = (episode: Episode) => {
    // A finished episode starts over; an unfinished one resumes where it was left.
    const startMs = episode.played ? 0 : episode.positionMs;
    player.playFrom(episodeTrack(episode, podcast), startMs / 1000);
    followEpisode(episode.episodeId, player.whereNow, startMs);
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
          <EpisodeRow key={episode.episodeId} episode={episode} onPlay={() => play(episode)} />
        ))}
      </Stack>
    </Box>
  );
}

/** /podcast/{id}: one podcast's episodes, to play, save on the server and mark played. */
export function PodcastPage({ id, player }: { id: number; player: EpisodePlayer }) {
  const podcast = usePodcast(id);
  if (podcast.isPending) return <CenteredSpinner label={t.loading} />;
  if (podcast.isError) return <LoadError error={podcast.error} />;
  return <Podcast podcast={podcast.data} player={player} />;
}
