import { Box, Button, Menu, Portal } from '@chakra-ui/react';
import { RATING_MAX } from '../../../domain/annotations';
import { annotationStrings } from '../../lib/strings/annotations';
import { DeferredMenu } from '../../ui/deferred-menu';
import { StarIcon } from '../../ui/rating-stars';
import { useRating } from './ratings';
import { useSetRating } from './use-set-rating';

const t = annotationStrings.rating;
const VALUES = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

/**
 * A track's rating as menu entries (menuitemradio: arrow keys, Enter), "No rating" last. A
 * file row folds them into its "more" menu on phones; `TrackRatingMenu` opens them elsewhere.
 */
export function TrackRatingItems({ fileId, title }: { fileId: number; title: string }) {
  const rating = useRating('file', fileId);
  const setRating = useSetRating();
  return (
    <Menu.RadioItemGroup
      value={rating === undefined ? '' : String(rating)}
      onValueChange={({ value }) =>
        setRating.mutate({ kind: 'file', id: fileId, rating: Number(value) })
      }
    >
      <Menu.ItemGroupLabel>{t.groupOf(title)}</Menu.ItemGroupLabel>
      {VALUES.map((value) => (
        <Menu.RadioItem key={value} value={String(value)} disabled={rating === undefined}>
          <Menu.ItemIndicator />
          <Menu.ItemText>{t.star(value, RATING_MAX)}</Menu.ItemText>
        </Menu.RadioItem>
      ))}
      <Menu.RadioItem value="0" disabled={rating === undefined}>
        <Menu.ItemIndicator />
        <Menu.ItemText>{t.none}</Menu.ItemText>
      </Menu.RadioItem>
    </Menu.RadioItemGroup>
  );
}

/**
 * A track row's rating: one small button showing the stars given (a star and the number, or
 * an empty star), opening the rating entries. The menu starts only when first opened
 * (DeferredMenu), so a long list pays for one button per row.
 */
export function TrackRatingMenu({ fileId, title }: { fileId: number; title: string }) {
  const rating = useRating('file', fileId) ?? 0;
  return (
    <DeferredMenu
      positioning={{ placement: 'bottom-end' }}
      trigger={
        <Button
          aria-label={rating > 0 ? t.ratedOf(title, rating, RATING_MAX) : t.rate(title)}
          size={{ base: 'xs', sm: 'sm' }}
          variant="ghost"
          px="1.5"
          minW="0"
          gap="0.5"
          flexShrink={0}
          data-testid="track-rating"
        >
          <Box as="span" color={rating > 0 ? 'orange.fg' : 'fg.muted'} display="inline-flex">
            <StarIcon filled={rating > 0} size="1.1em" />
          </Box>
          {rating > 0 ? rating : null}
        </Button>
      }
    >
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxW="calc(100vw - 1rem)">
            <TrackRatingItems fileId={fileId} title={title} />
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </DeferredMenu>
  );
}
