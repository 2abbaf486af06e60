import { Badge, Flex, Stack, Text } from '@chakra-ui/react';
import type { CollectionFile } from '../../../../domain/collection';
import { formatBytes, formatDuration, formatSampleRate } from '../../../../domain/format';
import { TrackRatingItems, TrackRatingMenu } from '../../../common/annotations/track-rating-menu';
import { ArtistLinks } from '../../../common/artists/artist-links';
import { radioStrings } from '../../../common/playback/radio-strings';
import { RadioIcon } from '../../../common/playback/start-radio-button';
import { useFilePlayback } from '../../../lib/now-playing';
import { libraryStrings } from '../../../lib/strings';
import {
  DownloadIcon,
  HeartIcon,
  PauseIcon,
  PlayIcon,
  PlaylistAddIcon,
  TagIcon,
  TrashIcon,
} from '../../../ui/action-icons';
import { NowPlayingMark } from '../../../ui/now-playing-mark';
import { TrackRowFrame } from '../../../ui/track-row-frame';
import { CoverIcon, FileRowMenu, rowAction } from './file-row-menu';
import { RowIconButton } from './row-icon-button';

const t = libraryStrings.collection;

export interface FileRowActions {
  onPlay?: () => void;
  /** The current track's row: its play button pauses, and resumes where it paused. */
  onPause?: () => void;
  onResume?: () => void;
  onToggleLike?: () => void;
  onAddToPlaylist?: () => void;
  /** Replaces the queue with a radio from this track (issue 48). */
  onStartRadio?: () => void;
  onDownload?: () => void;
  onEditTags?: () => void;
  /** Admin: the file's embedded cover becomes the collection's ("take metadata from a file"). */
  onTakeCover?: () => void;
  onDelete?: () => void;
}

/** The name of a file in lists: its audio title, else its path inside the collection. */
export const fileTitle = (entry: CollectionFile) => entry.audio?.audioTitle ?? entry.file.filePath;

/** The admin line under the title: counts, size, sample rate and format. */
function adminDetails({ audio, file }: CollectionFile): string {
  return [
    t.downloads(file.fileDownloadCount),
    audio ? t.plays(audio.audioPlayCount) : null,
    formatBytes(file.fileSize),
    audio?.audioSampleRate ? formatSampleRate(audio.audioSampleRate) : null,
    audio?.audioFormat ?? null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * One line of the file list at a fixed height (the list is virtualised). Admins get a second
 * line with counts, size and sample rate, and a menu with the admin actions. When `compact`
 * (phones), only play, like and one menu holding every other action sit beside the title, so
 * the title keeps its room at 360 px.
 */
export function FileRow({
  entry,
  position,
  liked,
  admin,
  compact,
  actions,
}: {
  entry: CollectionFile;
  position: number;
  liked: boolean;
  admin: boolean;
  compact: boolean;
  actions: FileRowActions;
}) {
  const { audio, file } = entry;
  const title = fileTitle(entry);
  const playback = useFilePlayback(audio ? file.fileId : undefined);
  const current = playback !== null;
  const details = admin ? adminDetails(entry) : null;
  const userActions = [
    ...rowAction('radio', radioStrings.startRadioFrom(title), <RadioIcon />, actions.onStartRadio),
    ...rowAction('playlist', t.addToPlaylist(title), <PlaylistAddIcon />, actions.onAddToPlaylist),
    ...rowAction('download', t.downloadFile(title), <DownloadIcon />, actions.onDownload),
  ];
  const adminActions = admin
    ? [
        ...rowAction('tags', t.editTags(title), <TagIcon />, actions.onEditTags),
        ...rowAction('cover', t.takeCover(title), <CoverIcon />, actions.onTakeCover),
        ...rowAction('delete', t.deleteFile(title), <TrashIcon />, actions.onDelete, true),
      ]
    : [];
  return (
    <TrackRowFrame current={current} testId="file-row">
      {playback === 'playing' && actions.onPause ? (
        <RowIconButton label={t.pause(title)} onClick={actions.onPause} flexShrink={0}>
          <PauseIcon />
        </RowIconButton>
      ) : actions.onPlay ? (
        <RowIconButton
          label={t.play(title)}
          onClick={(playback === 'paused' ? actions.onResume : undefined) ?? actions.onPlay}
          flexShrink={0}
        >
          <PlayIcon />
        </RowIconButton>
      ) : (
        // A cover or NFO is not a track: no number, the column only keeps the alignment.
        <Text w="8" flexShrink={0} textAlign="center" color="fg.muted" fontSize="sm">
          {audio ? position : null}
        </Text>
      )}
      <Stack gap="0" flex="1" minW="0">
        <Flex align="center" gap="2" minW="0">
          {current ? <NowPlayingMark label={t.nowPlaying} paused={playback === 'paused'} /> : null}
          <Text truncate flex="1" minW="0" fontWeight="medium" title={title}>
            {title}
          </Text>
          {/* Admins only (the server says so to them alone): the row's file is not on disk. */}
          {entry.file.fileMissing ? (
            <Badge colorPalette="red" flexShrink={0} title={t.fileMissingHint}>
              {t.fileMissing}
            </Badge>
          ) : null}
        </Flex>
        {/* The title of a non-audio file already is its name: it is not repeated. */}
        {audio ? (
          <Text truncate fontSize="sm" color="fg.muted" data-testid="file-artists">
            <ArtistLinks refs={audio.audioArtistRefs} names={audio.audioArtists} />
          </Text>
        ) : null}
        {details ? (
          <Text truncate fontSize="xs" color="fg.subtle" data-testid="file-admin-details">
            {details}
          </Text>
        ) : null}
      </Stack>
      {audio ? (
        <Text fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums" flexShrink={0}>
          {formatDuration(audio.audioDuration)}
        </Text>
      ) : null}
      {actions.onToggleLike ? (
        <RowIconButton
          label={liked ? t.unlike(title) : t.like(title)}
          aria-pressed={liked}
          colorPalette={liked ? 'red' : 'gray'}
          onClick={actions.onToggleLike}
        >
          <HeartIcon filled={liked} />
        </RowIconButton>
      ) : null}
      {compact ? (
        // Phones: the rating folds into the one menu, so the title keeps its room.
        <FileRowMenu
          label={t.moreActions(title)}
          actions={[...userActions, ...adminActions]}
          extra={audio ? <TrackRatingItems fileId={file.fileId} title={title} /> : undefined}
        />
      ) : (
        <>
          {audio ? <TrackRatingMenu fileId={file.fileId} title={title} /> : null}
          {userActions.map((action) => (
            <RowIconButton key={action.value} label={action.label} onClick={action.onSelect}>
              {action.icon}
            </RowIconButton>
          ))}
          <FileRowMenu label={`${libraryStrings.admin.heading}: ${title}`} actions={adminActions} />
        </>
      )}
    </TrackRowFrame>
  );
}
