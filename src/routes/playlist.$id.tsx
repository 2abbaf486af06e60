import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireBrowse } from '../app/guards';
import { useSession } from '../common/session';
import { useSaveOffline } from '../features/offline/hooks/use-offline-items';
import { usePlayerControls } from '../features/player/player-controls';
import { PlaylistPage } from '../features/playlists/components/playlist-page';
import { ShareButton } from '../features/share/components/share-button';

export const Route = createFileRoute('/playlist/$id')({
  params: {
    parse: (raw) => {
      if (!/^\d+$/.test(raw.id)) throw notFound();
      return { id: raw.id };
    },
  },
  beforeLoad: async (args) => {
    await requireBrowse(args);
  },
  component: function PlaylistRoute() {
    const { id } = Route.useParams();
    const player = usePlayerControls();
    const { data: session } = useSession();
    const saveOffline = useSaveOffline('playlist', Number(id), session?.role ?? null);
    return (
      <PlaylistPage
        key={id}
        playlistId={Number(id)}
        onPlayTracks={(tracks, index) => player.playTracks(tracks, index)}
        onPause={player.pause}
        onResume={player.resume}
        onSaveOffline={saveOffline.onSave}
        saveOfflineStatus={saveOffline.status}
        shareAction={<ShareButton target={{ playlistId: Number(id) }} />}
      />
    );
  },
});
