import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '../app/guards';
import { usePlayerControls } from '../features/player/player-controls';
import { RadioStationsPage } from '../features/radio-stations/components/radio-stations-page';

/** /radio-stations: internet radio through the server's relay (issue 49). */
export const Route = createFileRoute('/radio-stations')({
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: RadioStationsRoute,
});

function RadioStationsRoute() {
  const player = usePlayerControls();
  return <RadioStationsPage onPlay={(track) => player.playTracks([track])} />;
}
