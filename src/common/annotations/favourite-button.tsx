import { Button } from '@chakra-ui/react';
import { annotationStrings } from '../../lib/strings/annotations';
import { HeartIcon } from '../../ui/action-icons';
import { favouriteBody, type FavouriteItem } from './annotation-cache';
import { useIsFavourite } from './favourites';
import { useToggleFavourite } from './use-toggle-favourite';

const t = annotationStrings.favourite;

/**
 * "Favourite" for an album or an artist: a toggle button (aria-pressed) whose name stays the
 * same while its state changes. It waits, disabled, until the favourites are known, since
 * flipping an unknown state could send the opposite of what the user meant.
 */
export function FavouriteButton({ change }: { change: FavouriteItem }) {
  const favourite = useIsFavourite(favouriteBody(change));
  const toggle = useToggleFavourite();
  const on = favourite === true;
  return (
    <Button
      variant={on ? 'subtle' : 'outline'}
      colorPalette={on ? 'red' : 'gray'}
      aria-pressed={on}
      disabled={favourite === undefined}
      onClick={() => toggle.mutate({ change, favourite: !on })}
      data-testid="favourite-button"
    >
      <HeartIcon filled={on} /> {t.label}
    </Button>
  );
}
