import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ExternalTrack } from '../../../../domain/external';
import { formatDuration } from '../../../../domain/format';
import { strings } from '../../../lib/strings';
import { CoverImage } from '../../../ui/cover-image';
import { DownloadIcon, PlayIcon } from '../../../ui/media-icons';
import type { DownloadPhase } from '../hooks/use-external-download';

const t = strings.externalSearch;

/** One external catalogue track: cover, title, artists, album, duration, preview and queue. */
export function ExternalTrackRow({
  track,
  phase,
  onPreview,
  onQueue,
}: {
  track: ExternalTrack;
  phase: DownloadPhase | undefined;
  onPreview: (track: ExternalTrack) => void;
  onQueue: (track: ExternalTrack) => void;
}) {
  const artists = track.artists.join(', ');
  return (
    <HStack
      role="listitem"
      gap="3"
      p="2"
      borderWidth="1px"
      borderRadius="lg"
      data-testid="external-track"
      minW="0"
    >
      <CoverImage src={track.cover} size="56px" />
      <Stack gap="0" minW="0" flex="1">
        <Text fontWeight="semibold" truncate title={track.title}>
          {track.title}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate title={artists}>
          {artists}
        </Text>
        <Text fontSize="xs" color="fg.subtle" truncate>
          {[track.album, formatDuration(track.duration)].filter(Boolean).join(' \u00b7 ')}
        </Text>
      </Stack>
      <IconButton
        size="sm"
        variant="subtle"
        aria-label={t.preview(track.title)}
        onClick={() => onPreview(track)}
        disabled={!track.preview}
      >
        <PlayIcon />
      </IconButton>
      <Button
        size="sm"
        variant="outline"
        loading={phase !== undefined}
        loadingText={phase === 'downloading' ? t.downloading : undefined}
        onClick={() => onQueue(track)}
      >
        <DownloadIcon />
        <Text as="span" display={{ base: 'none', sm: 'inline' }}>
          {t.queue}
        </Text>
      </Button>
    </HStack>
  );
}
