import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSession } from '../../../common/session';
import { notify, notifySuccess } from '../../../lib/notify';
import { libraryStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { DialogShell } from '../../../ui/dialog-shell';
import { FormFooter } from '../../../ui/form-footer';
import { LoadError } from '../../../ui/load-error';
import { useMyPlaylists } from '../api/get-playlists';
import { useAddToPlaylist } from '../api/playlist-files';
import { NewPlaylistDialog } from './new-playlist-dialog';

const t = libraryStrings.playlists;

/**
 * Adds files to one of the user's playlists (never the liked one: liking is the heart), with a
 * create-new-playlist sub-dialog. Open while `fileIds` is set; success is a green notice
 * (offline, the addition is queued and the notice says it goes out when back online).
 */
export function AddToPlaylistDialog({
  fileIds,
  onClose,
}: {
  fileIds: number[] | null;
  onClose: () => void;
}) {
  const { data: session } = useSession();
  const playlists = useMyPlaylists();
  const add = useAddToPlaylist();
  const [creating, setCreating] = useState(false);
  const open = fileIds !== null;
  const mine = (playlists.data ?? []).filter(
    (p) =>
      p.playlistKind !== 'liked' &&
      p.playlistId !== session?.user.likedPlaylist &&
      p.userId === session?.user.userId,
  );

  const addTo = (playlistId: number, title: string) => {
    if (!fileIds) return;
    add.mutate(
      { playlistId, ids: fileIds },
      {
        onSuccess: (outcome) => {
          if (outcome.result === 'queued') notifySuccess(t.addedQueued);
          // Nothing new: every file was there already, which "added" would hide.
          else if (outcome.added === 0) notify(t.alreadyIn(title));
          else notifySuccess(t.added);
          onClose();
        },
      },
    );
  };

  return (
    <>
      <DialogShell
        open={open && !creating}
        onClose={() => {
          if (!creating) onClose();
        }}
        scrollBehavior="inside"
      >
        <Dialog.Header>
          <Dialog.Title>{t.addTitle}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {playlists.isPending ? (
            <CenteredSpinner label={t.loading} />
          ) : playlists.isError ? (
            <LoadError error={playlists.error} />
          ) : mine.length === 0 ? (
            <Text color="fg.muted">{t.noneToAdd}</Text>
          ) : (
            <Stack gap="1">
              {mine.map((playlist) => (
                <Button
                  key={playlist.playlistId}
                  variant="ghost"
                  justifyContent="space-between"
                  disabled={add.isPending}
                  aria-label={t.addTo(playlist.playlistTitle)}
                  onClick={() => addTo(playlist.playlistId, playlist.playlistTitle)}
                >
                  <Text truncate>{playlist.playlistTitle}</Text>
                  <Text color="fg.muted" fontSize="sm">
                    {t.tracks(playlist.playlistTrackCount)}
                  </Text>
                </Button>
              ))}
            </Stack>
          )}
        </Dialog.Body>
        <FormFooter
          inDialog
          start={
            <Button variant="outline" onClick={() => setCreating(true)}>
              {t.createNew}
            </Button>
          }
          cancelLabel={t.cancel}
          onCancel={onClose}
        />
      </DialogShell>
      {/* Back to the list afterwards, where the new playlist can now be chosen. */}
      <NewPlaylistDialog open={open && creating} onClose={() => setCreating(false)} />
    </>
  );
}
