import { libraryStrings } from '../../../lib/strings';
import { useCreatePlaylist } from '../api/save-playlist';
import { PlaylistFormDialog } from './playlist-form-dialog';

const t = libraryStrings.playlists;

/** "New playlist": creates it, then closes, whether it worked or not (a failure is a toast). */
export function NewPlaylistDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreatePlaylist();
  return (
    <PlaylistFormDialog
      open={open}
      heading={t.newPlaylist}
      submitLabel={t.create}
      loading={create.isPending}
      onClose={onClose}
      onSubmit={(values) =>
        create.mutate(
          { title: values.title, description: values.description, public: values.public },
          { onSettled: onClose },
        )
      }
    />
  );
}
