import { Box } from '@chakra-ui/react';
import type { PlaylistEntry } from '../../../../domain/playlist';
import { useListWindow } from '../../../ui/use-list-window';
import { LikedTrackRow } from './liked-track-row';

const ROW_HEIGHT = 60;

/** The liked tracks, virtualised against the window scroll (a liked list can be long). */
export function LikedTracks({
  entries,
  likedIds,
  onPlay,
  onPause,
  onResume,
  onToggleLike,
}: {
  entries: readonly PlaylistEntry[];
  /** The hearts given now; null while unknown (then every listed track counts as liked). */
  likedIds: ReadonlySet<number> | null;
  onPlay: (index: number) => void;
  onPause: () => void;
  onResume: () => void;
  onToggleLike: (fileId: number, liked: boolean) => void;
}) {
  const { ref, start, end, totalHeight } = useListWindow(entries.length, ROW_HEIGHT);
  return (
    <Box ref={ref} position="relative" h={`${totalHeight}px`} role="list">
      {entries.slice(start, end).map((entry, offset) => {
        const index = start + offset;
        const { fileId } = entry.file;
        const liked = likedIds === null || likedIds.has(fileId);
        return (
          <Box
            key={fileId}
            role="listitem"
            position="absolute"
            top={`${index * ROW_HEIGHT}px`}
            left="0"
            right="0"
            h={`${ROW_HEIGHT}px`}
          >
            <LikedTrackRow
              entry={entry}
              liked={liked}
              onPlay={() => onPlay(index)}
              onPause={onPause}
              onResume={onResume}
              onToggleLike={() => onToggleLike(fileId, !liked)}
            />
          </Box>
        );
      })}
    </Box>
  );
}
