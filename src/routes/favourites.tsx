import { createFileRoute } from '@tanstack/react-router';
import { requireBrowse } from '../app/guards';
import { favouritesQuery } from '../common/annotations/favourites';
import { ratingsQuery } from '../common/annotations/ratings';
import { likedIdsQuery } from '../common/likes/liked-ids';
import { FavouritesPage } from '../features/favourites/components/favourites-page';
import { usePlayerControls } from '../features/player/player-controls';

/** /favourites: liked tracks, favourite albums and artists, with the player composed in. */
export const Route = createFileRoute('/favourites')({
  beforeLoad: async (args) => {
    await requireBrowse(args);
  },
  loader: ({ context: { queryClient } }) => {
    // Start the requests early; the page shows its own loading and error states.
    void queryClient.prefetchQuery(favouritesQuery());
    void queryClient.prefetchQuery(likedIdsQuery());
    void queryClient.prefetchQuery(ratingsQuery());
  },
  component: FavouritesRoute,
});

function FavouritesRoute() {
  const player = usePlayerControls();
  return (
    <FavouritesPage
      onPlayTracks={(tracks, index) => player.playTracks(tracks, index)}
      onPause={player.pause}
      onResume={player.resume}
      onPlayCollection={(collectionId) => void player.playCollections([collectionId])}
    />
  );
}
