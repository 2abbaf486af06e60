import { RATING_MAX } from '../../../domain/annotations';
import { annotationStrings } from '../../lib/strings/annotations';
import { RatingStars } from '../../ui/rating-stars';
import type { RatingKind } from './annotation-cache';
import { useRating } from './ratings';
import { useSetRating } from './use-set-rating';

const t = annotationStrings.rating;

/**
 * The caller's 1-to-5 rating of an album, artist or track as a row of stars (a radio group:
 * arrow keys, digits, 0 clears), with a Clear button once rated. Disabled until the ratings
 * are known.
 */
export function RatingControl({ kind, id, name }: { kind: RatingKind; id: number; name: string }) {
  const rating = useRating(kind, id);
  const setRating = useSetRating();
  return (
    <RatingStars
      value={rating ?? 0}
      max={RATING_MAX}
      disabled={rating === undefined}
      label={t.groupOf(name)}
      starLabel={t.star}
      hint={t.hint}
      clearLabel={t.clear}
      onChange={(value) => setRating.mutate({ kind, id, rating: value })}
    />
  );
}
