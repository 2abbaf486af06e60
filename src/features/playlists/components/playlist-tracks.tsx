import { Box, VisuallyHidden } from '@chakra-ui/react';
import type { PlaylistEntry } from '../../../../domain/playlist';
import { libraryStrings } from '../../../lib/strings';
import { useListWindow } from '../../../ui/use-list-window';
import { useReorder } from '../../../ui/use-reorder';
import { PlaylistTrackRow } from './playlist-track-row';

const ROW_HEIGHT = 60;

/** `entries` with the one at `from` moved to `to`. */
export function movedEntries<T>(entries: readonly T[], from: number, to: number): T[] {
  const next = [...entries];
  const [entry] = next.splice(from, 1) as [T];
  next.splice(to, 0, entry);
  return next;
}

/**
 * The entries, virtualised against the window scroll (playlists can be long). With `onReorder`
 * (the owner), each row has a handle: drag it, or focus it and use the arrow keys.
 */
export function PlaylistTracks({
  entries,
  onPlay,
  onPause,
  onResume,
  onRemove,
  onReorder,
}: {
  entries: PlaylistEntry[];
  onPlay: (index: number) => void;
  onPause: () => void;
  onResume: () => void;
  onRemove?: (fileId: number) => void;
  onReorder?: (entries: PlaylistEntry[]) => void;
}) {
  const { ref, start, end, totalHeight } = useListWindow(entries.length, ROW_HEIGHT);
  const reorder = useReorder({
    count: entries.length,
    onMove: (from, to) => onReorder?.(movedEntries(entries, from, to)),
    describe: (to, count) => libraryStrings.playlists.moved(to + 1, count),
  });
  // The announcement sits beside the list, not in it: a list may only hold list items.
  return (
    <>
      <VisuallyHidden aria-live="polite">{reorder.announcement}</VisuallyHidden>
      <Box
        ref={(node: HTMLDivElement | null) => {
          ref.current = node;
          reorder.listRef.current = node;
        }}
        position="relative"
        h={`${totalHeight}px`}
        role="list"
      >
        {entries.slice(start, end).map((entry, offset) => {
          const index = start + offset;
          return (
            <Box
              key={`${entry.file.fileId}-${index}`}
              role="listitem"
              data-reorder-index={index}
              position="absolute"
              top={`${index * ROW_HEIGHT}px`}
              left="0"
              right="0"
              h={`${ROW_HEIGHT}px`}
              outline={reorder.drag?.over === index ? '2px solid' : undefined}
              outlineColor="teal.solid"
              opacity={reorder.drag?.from === index ? 0.6 : undefined}
            >
              <PlaylistTrackRow
                entry={entry}
                onPlay={() => onPlay(index)}
                onPause={onPause}
                onResume={onResume}
                onRemove={onRemove ? () => onRemove(entry.file.fileId) : undefined}
                handle={onReorder ? reorder.handleProps(index) : undefined}
              />
            </Box>
          );
        })}
      </Box>
    </>
  );
}
