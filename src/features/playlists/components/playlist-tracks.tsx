import { Box } from '@chakra-ui/react';
import type { PlaylistEntry } from '../../../../domain/playlist';
import { useListWindow } from '../../../ui/use-list-window';
import { PlaylistTrackRow } from './playlist-track-row';

const ROW_HEIGHT = 60;

/** The entries, virtualised against the window scroll (playlists can be long). */
export function PlaylistTracks({
  entries,
  onPlay,
  onRemove,
}: {
  entries: PlaylistEntry[];
  onPlay: (index: number) => void;
  onRemove?: (fileId: number) => void;
}) {
  const { ref, start, end, totalHeight } = useListWindow(entries.length, ROW_HEIGHT);
  return (
    <Box ref={ref} position="relative" h={`${totalHeight}px`} role="list">
      {entries.slice(start, end).map((entry, offset) => {
        const index = start + offset;
        return (
          <Box
            key={`${entry.file.fileId}-${index}`}
            role="listitem"
            position="absolute"
            top={`${index * ROW_HEIGHT}px`}
            left="0"
            right="0"
            h={`${ROW_HEIGHT}px`}
          >
            <PlaylistTrackRow
              entry={entry}
              onPlay={() => onPlay(index)}
              onRemove={onRemove ? () => onRemove(entry.file.fileId) : undefined}
            />
          </Box>
        );
      })}
    </Box>
  );
}
