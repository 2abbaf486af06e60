import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { Bookmark } from '../../../../domain/bookmarks';
import { clockText } from '../../../../domain/long-listening';
import { bookmarksQuery } from '../../../common/bookmarks/bookmarks';
import { HorizontalRow } from '../../../ui/horizontal-row';
import { continueStrings as t } from '../continue-listening-strings';
import { TILE_WIDTH } from './collection-tile';

/** How many the row shows: the most recent, as a shelf rather than a history. */
const SHOWN = 20;

function Progress({ bookmark }: { bookmark: Bookmark }) {
  const { positionMs, durationMs } = bookmark;
  const share = durationMs ? Math.min(1, positionMs / durationMs) : 0;
  return (
    // Drawn only: the text under it says the same to screen readers (a button holds no roles).
    <Box
      aria-hidden
      data-testid="continue-progress"
      data-share={share.toFixed(3)}
      h="1"
      mt="2"
      borderRadius="full"
      bg="bg.emphasized"
      overflow="hidden"
    >
      <Box h="full" w={`${share * 100}%`} bg="colorPalette.solid" colorPalette="brand" />
    </Box>
  );
}

function ContinueCard({
  bookmark,
  onResume,
}: {
  bookmark: Bookmark;
  onResume: (bookmark: Bookmark) => void;
}) {
  const at = clockText(bookmark.positionMs);
  return (
    <Box role="listitem" w={TILE_WIDTH} flexShrink={0} data-testid="continue-entry">
      <Box
        as="button"
        w="full"
        textAlign="start"
        p="3"
        borderWidth="1px"
        borderRadius="md"
        cursor="pointer"
        _hover={{ bg: 'bg.muted' }}
        onClick={() => onResume(bookmark)}
      >
        <VisuallyHidden>{t.resume} </VisuallyHidden>
        <Text fontWeight="semibold" fontSize="sm" truncate title={bookmark.title}>
          {bookmark.title}
        </Text>
        <Text fontSize="xs" color="fg.muted" truncate>
          {bookmark.parent ?? ''}
        </Text>
        <Progress bookmark={bookmark} />
        <Text fontSize="xs" color="fg.muted" pt="1">
          {t.progress(at, bookmark.durationMs ? clockText(bookmark.durationMs) : null)}
        </Text>
      </Box>
    </Box>
  );
}

/**
 * Long tracks and episodes left part-way (issue 49), newest first; a card resumes at its
 * position. Nothing at all when there are none. Loaded apart from home's first view.
 */
export default function ContinueListening({
  onResume,
}: {
  onResume: (bookmark: Bookmark) => void;
}) {
  // Always asked afresh: another device may have moved on since.
  const bookmarks = useQuery({ ...bookmarksQuery(), staleTime: 0 });
  const items = bookmarks.data?.bookmarks ?? [];
  if (items.length === 0) return null;
  return (
    <HorizontalRow title={t.title} testId="continue-listening">
      {items.slice(0, SHOWN).map((bookmark) => (
        <ContinueCard
          key={`${bookmark.kind}-${bookmark.id}`}
          bookmark={bookmark}
          onResume={onResume}
        />
      ))}
    </HorizontalRow>
  );
}
