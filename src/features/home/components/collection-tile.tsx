import type { ComponentProps } from 'react';
import { strings } from '../../../lib/strings';
import { CollectionTile as Tile } from '../../../ui/collection-tile';

export { TILE_WIDTH } from '../../../ui/collection-tile';

/** Home's tile: the shared one (src/ui) with home's play label. */
export function CollectionTile(props: Omit<ComponentProps<typeof Tile>, 'playLabel'>) {
  return <Tile {...props} playLabel={strings.homePage.play(props.collection.collectionName)} />;
}
