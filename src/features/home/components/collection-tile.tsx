import type { ComponentProps } from 'react';
import { CollectionArtistLinks } from '../../../common/artists/artist-links';
import { strings } from '../../../lib/strings';
import { CollectionTile as Tile } from '../../../ui/collection-tile';

export { TILE_WIDTH } from '../../../ui/collection-tile';

/** Home's tile: the shared one (src/ui) with home's play label and artist links. */
export function CollectionTile(props: Omit<ComponentProps<typeof Tile>, 'playLabel' | 'artists'>) {
  return (
    <Tile
      {...props}
      playLabel={strings.homePage.play(props.collection.collectionName)}
      artists={<CollectionArtistLinks collection={props.collection} />}
    />
  );
}
