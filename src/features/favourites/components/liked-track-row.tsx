import { IconButton } from '@chakra-ui/react';
import type { PlaylistEntry } from '../../../../domain/playlist';
import { TrackRatingMenu } from '../../../common/annotations/track-rating-menu';
import { EntryTrackFacts, EntryTrackLines } from '../../../common/playlists/entry-track-lines';
import { useFilePlayback } from '../../../lib/now-playing';
import { annotationStrings } from '../../../lib/strings/annotations';
import { HeartIcon, PauseIcon, PlayIcon } from '../../../ui/action-icons';
import { TrackRowFrame } from '../../../ui/track-row-frame';

const t = annotationStrings.page;

/**
 * One liked track at a fixed height: play or pause, title, artists, album link, duration,
 * the heart (taking it away removes the track from this list once the server has it) and
 * the rating.
 */
export function LikedTrackRow({
  entry,
  liked,
  onPlay,
  onPause,
  onResume,
  onToggleLike,
}: {
  entry: PlaylistEntry;
  liked: boolean;
  onPlay: () => void;
  onPause: () => void;
  onResume: () => void;
  onToggleLike: () => void;
}) {
  const { audio, file } = entry;
  const title = audio.audioTitle;
  const playback = useFilePlayback(file.fileId);
  return (
    <TrackRowFrame current={playback !== null} testId="favourite-track">
      <IconButton
        aria-label={playback === 'playing' ? t.pause(title) : t.play(title)}
        size="sm"
        variant="ghost"
        flexShrink={0}
        onClick={playback === 'playing' ? onPause : playback === 'paused' ? onResume : onPlay}
      >
        {playback === 'playing' ? <PauseIcon /> : <PlayIcon />}
      </IconButton>
      <EntryTrackLines entry={entry} playback={playback} nowPlayingLabel={t.nowPlaying} />
      <EntryTrackFacts entry={entry} previewLabel={t.preview} />
      <IconButton
        aria-label={liked ? t.unlike(title) : t.like(title)}
        aria-pressed={liked}
        size="sm"
        variant="ghost"
        colorPalette={liked ? 'red' : 'gray'}
        flexShrink={0}
        onClick={onToggleLike}
      >
        <HeartIcon filled={liked} />
      </IconButton>
      <TrackRatingMenu fileId={file.fileId} title={title} />
    </TrackRowFrame>
  );
}
