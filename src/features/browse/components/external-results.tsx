import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ExternalTrack } from '../../../../domain/external';
import { strings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { externalSearchQuery } from '../api/external-search';
import type { DownloadPhase } from '../hooks/use-external-download';
import { ExternalTrackRow } from './external-track-row';

const t = strings.externalSearch;

/** The external-results section with its own load-more (the answer's `next` index). */
export function ExternalResults({
  query,
  phases,
  onPreview,
  onQueue,
}: {
  query: string;
  phases: Record<string, DownloadPhase>;
  onPreview: (track: ExternalTrack) => void;
  onQueue: (track: ExternalTrack) => void;
}) {
  const external = useInfiniteQuery(externalSearchQuery(query));
  const tracks = external.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Stack as="section" gap="2" aria-label={t.title} data-testid="external-results">
      <Heading as="h2" size="lg">
        {t.title}
      </Heading>
      {external.isPending ? <CenteredSpinner label={strings.loading} /> : null}
      {external.isError ? (
        <Text color="fg.muted" role="alert">
          {t.failed}
        </Text>
      ) : null}
      {external.isSuccess && tracks.length === 0 ? <Text color="fg.muted">{t.none}</Text> : null}
      <Stack gap="2" role="list" aria-label={t.title}>
        {tracks.map((track, index) => (
          <ExternalTrackRow
            key={`${track.url}#${index}`}
            track={track}
            phase={phases[track.url]}
            onPreview={onPreview}
            onQueue={onQueue}
          />
        ))}
      </Stack>
      {external.hasNextPage ? (
        <Button
          alignSelf="center"
          variant="outline"
          loading={external.isFetchingNextPage}
          onClick={() => void external.fetchNextPage()}
        >
          {t.loadMore}
        </Button>
      ) : null}
    </Stack>
  );
}
