import { Button, Stack, Text } from '@chakra-ui/react';
import type { Collection } from '../../../../domain/collection';
import { strings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ResultGrid } from './result-grid';

const t = strings.browsePage;

/** Results with their loading, failed (quiet: failures are swallowed) and empty states. */
export function BrowseResults({
  collections,
  status,
  canLoadMore,
  loadingMore,
  onLoadMore,
  onRetry,
  onPlay,
  selectable,
  selected,
  onToggle,
}: {
  collections: Collection[];
  status: 'pending' | 'error' | 'success';
  canLoadMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  onPlay: (collectionId: number) => void;
  selectable: boolean;
  selected: ReadonlySet<number>;
  onToggle: (collectionId: number) => void;
}) {
  if (status === 'pending') return <CenteredSpinner label={strings.loading} />;
  if (status === 'error' && collections.length === 0) {
    return (
      <Stack gap="2" align="start" data-testid="browse-error">
        <Text color="fg.muted">{t.failed}</Text>
        <Button size="sm" variant="outline" onClick={onRetry}>
          {strings.homePage.retry}
        </Button>
      </Stack>
    );
  }
  if (collections.length === 0) {
    return (
      <Text color="fg.muted" py="6" data-testid="browse-empty">
        {t.noResults}
      </Text>
    );
  }
  return (
    <Stack gap="4">
      <ResultGrid
        collections={collections}
        onPlay={onPlay}
        selectable={selectable}
        selected={selected}
        onToggle={onToggle}
      />
      {canLoadMore ? (
        <Button alignSelf="center" variant="outline" loading={loadingMore} onClick={onLoadMore}>
          {t.loadMore}
        </Button>
      ) : null}
    </Stack>
  );
}
