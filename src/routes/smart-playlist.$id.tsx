import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireBrowse } from '../app/guards';
import { useSession } from '../common/session';
import { useSaveOffline } from '../features/offline/hooks/use-offline-items';
import { usePlayerControls } from '../features/player/player-controls';
import { SmartPlaylistPage } from '../features/playlists/components/smart-playlist-page';

export const Route = createFileRoute('/smart-playlist/$id')({
  params: {
    parse: (raw) => {
      if (!/^\d{1,15}$/.test(raw.id)) throw notFound();
      return { id: raw.id };
    },
  },
  beforeLoad: async (args) => {
    await requireBrowse(args);
  },
  component: function SmartPlaylistRoute() {
    const { id } = Route.useParams();
    const player = usePlayerControls();
    const { data: session } = useSession();
    const saveOffline = useSaveOffline('smart-playlist', Number(id), session?.role ?? null);
    return (
      <SmartPlaylistPage
        key={id}
        smartPlaylistId={Number(id)}
        onPlayTracks={(tracks, index) => player.playTracks(tracks, index)}
        onPause={player.pause}
        onResume={player.resume}
        onSaveOffline={saveOffline.onSave}
        saveOfflineStatus={saveOffline.status}
      />
    );
  },
});
