import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { formatDuration } from '../../../../domain/format';
import type { Track } from '../../../../domain/track';
import { entryTracks } from '../../../common/playlists/entry-tracks';
import { useSession } from '../../../common/session';
import { libraryStrings } from '../../../lib/strings';
import { PlayIcon } from '../../../ui/action-icons';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { CoverImage } from '../../../ui/cover-image';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { LoadError } from '../../../ui/load-error';
import { SaveOfflineButton, type SaveOfflineStatus } from '../../../ui/save-offline-button';
import { usePlaylist } from '../../../common/playlists/get-playlist';
import { useRemoveFromPlaylist, useReorderPlaylist } from '../api/playlist-files';
import { useDeletePlaylist, useEditPlaylist } from '../api/save-playlist';
import { PlaylistFormDialog } from './playlist-form-dialog';
import { PlaylistTracks } from './playlist-tracks';

const t = libraryStrings.playlists;

/** /playlist/{id}: details, tracks (play from any of them, remove), edit and delete. */
export function PlaylistPage({
  playlistId,
  onPlayTracks,
  onPause,
  onResume,
  onSaveOffline,
  saveOfflineStatus,
  shareAction,
}: {
  playlistId: number;
  onPlayTracks: (tracks: Track[], startIndex: number) => void;
  /** The playing entry's button pauses, then resumes (the player's controls, from the route). */
  onPause: () => void;
  onResume: () => void;
  /** "Save offline" (from the offline feature, passed in by the route). */
  onSaveOffline?: () => void;
  saveOfflineStatus?: SaveOfflineStatus;
  /** "Share" (from the share feature, passed in by the route). */
  shareAction?: ReactNode;
}) {
  const { data: session } = useSession();
  const query = usePlaylist(playlistId);
  const edit = useEditPlaylist(playlistId);
  const remove = useRemoveFromPlaylist(playlistId);
  const reorder = useReorderPlaylist(playlistId);
  const del = useDeletePlaylist(playlistId);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (query.isPending) return <CenteredSpinner label={t.loading} />;
  if (query.isError) return <LoadError error={query.error} />;

  const playlist = query.data;
  const liked =
    playlist.playlistKind === 'liked' || playlist.playlistId === session?.user.likedPlaylist;
  const admin = session?.user.isAdmin ?? false;
  const canChange = admin || playlist.userId === session?.user.userId;
  const tracks = entryTracks(playlist.entries);

  return (
    <Stack gap="6">
      <Flex gap="5" direction={{ base: 'column', sm: 'row' }}>
        <CoverImage
          hash={playlist.playlistImageHash}
          size={{ base: '160px', md: '200px' }}
          thumb={false}
        />
        <Stack gap="2" minW="0" flex="1">
          <Heading as="h1" size="2xl" wordBreak="break-word">
            {liked ? t.liked : playlist.playlistTitle}
          </Heading>
          <Text color="fg.muted">
            {t.by(playlist.userName)} · {t.tracks(playlist.playlistTrackCount)} ·{' '}
            {formatDuration(playlist.playlistDuration)}
            {playlist.playlistPublic ? ` · ${t.public}` : ''}
          </Text>
          {playlist.playlistDescription ? (
            <Text whiteSpace="pre-wrap">{playlist.playlistDescription}</Text>
          ) : null}
          <Flex gap="2" wrap="wrap" mt="2">
            <Button
              colorPalette="teal"
              disabled={tracks.length === 0}
              onClick={() => onPlayTracks(tracks, 0)}
            >
              <PlayIcon /> {t.play}
            </Button>
            {onSaveOffline ? (
              <SaveOfflineButton
                onSave={onSaveOffline}
                status={saveOfflineStatus}
                disabled={tracks.length === 0}
              />
            ) : null}
            {shareAction}
            {canChange && !liked ? (
              <>
                <Button variant="outline" onClick={() => setEditing(true)}>
                  {t.edit}
                </Button>
                <Button variant="outline" colorPalette="red" onClick={() => setDeleting(true)}>
                  {t.delete}
                </Button>
              </>
            ) : null}
          </Flex>
        </Stack>
      </Flex>
      <Box>
        {tracks.length === 0 ? (
          <Text color="fg.muted">{t.noTracks}</Text>
        ) : (
          <PlaylistTracks
            entries={playlist.entries}
            onPlay={(index) => onPlayTracks(tracks, index)}
            onPause={onPause}
            onResume={onResume}
            onRemove={canChange ? (fileId) => remove.mutate(fileId) : undefined}
            onReorder={canChange ? (entries) => reorder.mutate(entries) : undefined}
          />
        )}
      </Box>
      <PlaylistFormDialog
        open={editing}
        heading={t.editTitle}
        submitLabel={t.save}
        showEditorial={admin}
        loading={edit.isPending}
        initial={{
          title: playlist.playlistTitle,
          description: playlist.playlistDescription,
          public: playlist.playlistPublic,
          editorial: playlist.playlistKind === 'editor',
        }}
        onClose={() => setEditing(false)}
        onSubmit={(values) =>
          edit.mutate(
            admin
              ? values
              : { title: values.title, description: values.description, public: values.public },
            { onSettled: () => setEditing(false) },
          )
        }
      />
      <ConfirmDialog
        open={deleting}
        title={t.confirmDeleteTitle}
        body={t.confirmDeleteBody}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        loading={del.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          del.mutate(undefined, {
            onSuccess: () => void navigate({ to: '/playlists' }),
            onSettled: () => setDeleting(false),
          })
        }
      />
    </Stack>
  );
}
