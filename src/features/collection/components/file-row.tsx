import { Flex, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import type { CollectionFile } from '../../../../domain/collection';
import { formatBytes, formatDuration, formatSampleRate } from '../../../../domain/format';
import { libraryStrings } from '../../../lib/strings';
import {
  DownloadIcon,
  HeartIcon,
  MoreIcon,
  PlayIcon,
  PlaylistAddIcon,
  TagIcon,
  TrashIcon,
} from '../../../ui/action-icons';

const t = libraryStrings.collection;
// Smaller buttons on phones leave the title room at 360 px.
const ICON_SIZE = { base: 'xs', sm: 'sm' } as const;

export interface FileRowActions {
  onPlay?: () => void;
  onToggleLike?: () => void;
  onAddToPlaylist?: () => void;
  onDownload?: () => void;
  onEditTags?: () => void;
  onDelete?: () => void;
}

/** The name of a file in lists: its audio title, else its path inside the collection. */
export const fileTitle = (entry: CollectionFile) => entry.audio?.audioTitle ?? entry.file.filePath;

/**
 * One line of the file list at a fixed height (the list is virtualised). Admins get a second
 * line with counts, size and sample rate, and a menu with edit-tags and delete.
 */
export function FileRow({
  entry,
  position,
  liked,
  admin,
  actions,
}: {
  entry: CollectionFile;
  position: number;
  liked: boolean;
  admin: boolean;
  actions: FileRowActions;
}) {
  const { audio, file } = entry;
  const title = fileTitle(entry);
  const details = admin
    ? [
        t.downloads(file.fileDownloadCount),
        audio ? t.plays(audio.audioPlayCount) : null,
        formatBytes(file.fileSize),
        audio?.audioSampleRate ? formatSampleRate(audio.audioSampleRate) : null,
        audio?.audioFormat ?? null,
      ]
        .filter(Boolean)
        .join(' · ')
    : null;
  return (
    <Flex
      h="full"
      align="center"
      gap={{ base: '1', sm: '2' }}
      px={{ base: '0', sm: '2' }}
      borderBottomWidth="1px"
      data-testid="file-row"
    >
      {actions.onPlay ? (
        <IconButton
          aria-label={t.play(title)}
          size={ICON_SIZE}
          variant="ghost"
          onClick={actions.onPlay}
        >
          <PlayIcon />
        </IconButton>
      ) : (
        <Text w="8" textAlign="center" color="fg.muted" fontSize="sm">
          {position}
        </Text>
      )}
      <Stack gap="0" flex="1" minW="0">
        <Text truncate fontWeight="medium" title={title}>
          {title}
        </Text>
        <Text truncate fontSize="sm" color="fg.muted">
          {audio ? audio.audioArtists.join(', ') : file.filePath}
        </Text>
        {details ? (
          <Text truncate fontSize="xs" color="fg.subtle" data-testid="file-admin-details">
            {details}
          </Text>
        ) : null}
      </Stack>
      {audio ? (
        <Text fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
          {formatDuration(audio.audioDuration)}
        </Text>
      ) : null}
      {actions.onToggleLike ? (
        <IconButton
          aria-label={liked ? t.unlike(title) : t.like(title)}
          aria-pressed={liked}
          size={ICON_SIZE}
          variant="ghost"
          colorPalette={liked ? 'red' : 'gray'}
          onClick={actions.onToggleLike}
        >
          <HeartIcon filled={liked} />
        </IconButton>
      ) : null}
      {actions.onAddToPlaylist ? (
        <IconButton
          aria-label={t.addToPlaylist(title)}
          size={ICON_SIZE}
          variant="ghost"
          onClick={actions.onAddToPlaylist}
        >
          <PlaylistAddIcon />
        </IconButton>
      ) : null}
      {actions.onDownload ? (
        <IconButton
          aria-label={t.downloadFile(title)}
          size={ICON_SIZE}
          variant="ghost"
          onClick={actions.onDownload}
        >
          <DownloadIcon />
        </IconButton>
      ) : null}
      {admin && (actions.onEditTags || actions.onDelete) ? (
        <AdminFileMenu title={title} onEditTags={actions.onEditTags} onDelete={actions.onDelete} />
      ) : null}
    </Flex>
  );
}

function AdminFileMenu({
  title,
  onEditTags,
  onDelete,
}: {
  title: string;
  onEditTags?: () => void;
  onDelete?: () => void;
}) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton
          aria-label={`${libraryStrings.admin.heading}: ${title}`}
          size={ICON_SIZE}
          variant="ghost"
        >
          <MoreIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {onEditTags ? (
              <Menu.Item value="tags" onSelect={onEditTags}>
                <TagIcon /> {t.editTags(title)}
              </Menu.Item>
            ) : null}
            {onDelete ? (
              <Menu.Item value="delete" color="fg.error" onSelect={onDelete}>
                <TrashIcon /> {t.deleteFile(title)}
              </Menu.Item>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
