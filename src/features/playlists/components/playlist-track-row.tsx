import { IconButton } from '@chakra-ui/react';
import { TrackRatingMenu } from '../../../common/annotations/track-rating-menu';
import { EntryTrackFacts, EntryTrackLines } from '../../../common/playlists/entry-track-lines';
import type { PlaylistEntry } from '../../../../domain/playlist';
import { useFilePlayback } from '../../../lib/now-playing';
import { libraryStrings } from '../../../lib/strings';
import { DragHandleIcon, PauseIcon, PlayIcon, TrashIcon } from '../../../ui/action-icons';
import { TrackRowFrame } from '../../../ui/track-row-frame';
import type { ReorderHandleProps } from '../../../ui/use-reorder';

const t = libraryStrings.playlists;

/**
 * One playlist entry at a fixed height: (move handle,) play or pause, title, artists, collection
 * link, duration, rating, remove. The current track's button pauses, and then resumes where it paused.
 */
export function PlaylistTrackRow({
  entry,
  onPlay,
  onPause,
  onResume,
  onRemove,
  handle,
}: {
  entry: PlaylistEntry;
  onPlay: () => void;
  onPause: () => void;
  onResume: () => void;
  onRemove?: () => void;
  handle?: ReorderHandleProps;
}) {
  const { audio } = entry;
  const playback = useFilePlayback(entry.file.fileId);
  return (
    <TrackRowFrame current={playback !== null} testId="playlist-track">
      {handle ? (
        <IconButton aria-label={t.move(audio.audioTitle)} size="sm" variant="ghost" {...handle}>
          <DragHandleIcon />
        </IconButton>
      ) : null}
      {playback === 'playing' ? (
        <IconButton
          aria-label={t.pauseTrack(audio.audioTitle)}
          size="sm"
          variant="ghost"
          onClick={onPause}
        >
          <PauseIcon />
        </IconButton>
      ) : (
        <IconButton
          aria-label={t.playTrack(audio.audioTitle)}
          size="sm"
          variant="ghost"
          onClick={playback === 'paused' ? onResume : onPlay}
        >
          <PlayIcon />
        </IconButton>
      )}
      <EntryTrackLines entry={entry} playback={playback} nowPlayingLabel={t.nowPlaying} />
      <EntryTrackFacts entry={entry} previewLabel={t.preview} />
      <TrackRatingMenu fileId={entry.file.fileId} title={audio.audioTitle} />
      {onRemove ? (
        <IconButton
          aria-label={t.remove(audio.audioTitle)}
          size="sm"
          variant="ghost"
          onClick={onRemove}
        >
          <TrashIcon />
        </IconButton>
      ) : null}
    </TrackRowFrame>
  );
}
