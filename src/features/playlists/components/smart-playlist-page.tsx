import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDuration } from '../../../../domain/format';
import type { Track } from '../../../../domain/track';
import { entryTracks } from '../../../common/playlists/entry-tracks';
import { PlayIcon } from '../../../ui/action-icons';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CoverImage } from '../../../ui/cover-image';
import { LoadError } from '../../../ui/load-error';
import { SaveOfflineButton, type SaveOfflineStatus } from '../../../ui/save-offline-button';
import { useDeleteSmartPlaylist, useSmartPlaylist } from '../api/smart-playlists';
import { smartStrings as t } from '../smart-strings';
import { PlaylistTracks } from './playlist-tracks';
import { SmartPlaylistEditor } from './smart-playlist-editor';

/** The tracks in a random order (Fisher–Yates on a copy). */
function shuffled(tracks: readonly Track[]): Track[] {
  const copy = [...tracks];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** /smart-playlist/{id}: its tracks as computed now; play, shuffle, save offline, edit, delete. */
export function SmartPlaylistPage({
  smartPlaylistId,
  onPlayTracks,
  onPause,
  onResume,
  onSaveOffline,
  saveOfflineStatus,
}: {
  smartPlaylistId: number;
  onPlayTracks: (tracks: Track[], startIndex: number) => void;
  onPause: () => void;
  onResume: () => void;
  /** "Save offline" (from the offline feature, passed in by the route). */
  onSaveOffline?: () => void;
  saveOfflineStatus?: SaveOfflineStatus;
}) {
  const query = useSmartPlaylist(smartPlaylistId);
  const del = useDeleteSmartPlaylist(smartPlaylistId);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (query.isPending) return <CenteredSpinner label={t.loading} />;
  if (query.isError) return <LoadError error={query.error} />;

  const playlist = query.data;
  const tracks = entryTracks(playlist.entries);
  const seconds = playlist.entries.reduce((sum, entry) => sum + entry.audio.audioDuration, 0);
  const cover = playlist.entries[0]?.collectionImageHash ?? null;

  return (
    <Stack gap="6">
      <Flex gap="5" direction={{ base: 'column', sm: 'row' }}>
        <CoverImage hash={cover} size={{ base: '160px', md: '200px' }} thumb={false} />
        <Stack gap="2" minW="0" flex="1">
          <Badge alignSelf="start" colorPalette="purple">
            {t.smart}
          </Badge>
          <Heading as="h1" size="2xl" wordBreak="break-word">
            {playlist.name}
          </Heading>
          <Text color="fg.muted">
            {t.by(playlist.userName)} · {t.tracks(tracks.length)} · {formatDuration(seconds)}
            {playlist.public ? ` · ${t.public}` : ''}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t.rulesSummary(playlist.rules.length, playlist.match)}
          </Text>
          <Flex gap="2" wrap="wrap" mt="2">
            <Button
              colorPalette="teal"
              disabled={tracks.length === 0}
              onClick={() => onPlayTracks(tracks, 0)}
            >
              <PlayIcon /> {t.play}
            </Button>
            <Button
              variant="outline"
              disabled={tracks.length === 0}
              onClick={() => onPlayTracks(shuffled(tracks), 0)}
            >
              {t.shuffle}
            </Button>
            {onSaveOffline ? (
              <SaveOfflineButton
                onSave={onSaveOffline}
                status={saveOfflineStatus}
                disabled={tracks.length === 0}
              />
            ) : null}
            {playlist.mayChange ? (
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
      {playlist.truncated ? <Text color="fg.muted">{t.truncated(playlist.cap)}</Text> : null}
      <Box data-testid="smart-playlist-tracks">
        {tracks.length === 0 ? (
          <Text color="fg.muted">{t.noTracks}</Text>
        ) : (
          <PlaylistTracks
            entries={playlist.entries}
            onPlay={(index) => onPlayTracks(tracks, index)}
            onPause={onPause}
            onResume={onResume}
          />
        )}
      </Box>
      <SmartPlaylistEditor open={editing} playlist={playlist} onClose={() => setEditing(false)} />
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
