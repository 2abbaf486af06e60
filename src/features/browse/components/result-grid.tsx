import { Box, Grid } from '@chakra-ui/react';
import { useRef } from 'react';
import type { Collection } from '../../../../domain/collection';
import { useWindowRows } from '../../../ui/use-window-rows';
import { CARD_HEIGHT, CARD_MIN_WIDTH, CollectionCard } from './collection-card';

const GAP = 12;

/**
 * The results, windowed by rows: only the rows near the viewport are in the DOM, with padding
 * standing in for the rest, so 10,000 loaded collections scroll as smoothly as 50.
 */
export function ResultGrid({
  collections,
  onPlay,
  selectable,
  selected,
  onToggle,
}: {
  collections: Collection[];
  onPlay: (collectionId: number) => void;
  selectable: boolean;
  selected: ReadonlySet<number>;
  onToggle: (collectionId: number) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const { start, end, padTop, padBottom, columns } = useWindowRows(listRef, {
    itemCount: collections.length,
    rowHeight: CARD_HEIGHT,
    minItemWidth: CARD_MIN_WIDTH,
    gap: GAP,
  });
  const visible = collections.slice(start * columns, end * columns);

  return (
    <Box ref={listRef} style={{ paddingTop: padTop, paddingBottom: padBottom }}>
      <Grid
        role="list"
        gap={`${GAP}px`}
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        data-testid="browse-results"
        data-total={collections.length}
      >
        {/* Only some items are in the DOM: each says where it is in the whole list. */}
        {visible.map((collection, i) => (
          <Box
            role="listitem"
            key={collection.collectionId}
            minW="0"
            aria-setsize={collections.length}
            aria-posinset={start * columns + i + 1}
          >
            <CollectionCard
              collection={collection}
              onPlay={onPlay}
              selectable={selectable}
              selected={selected.has(collection.collectionId)}
              onToggle={onToggle}
            />
          </Box>
        ))}
      </Grid>
    </Box>
  );
}
