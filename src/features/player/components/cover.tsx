import { Image } from '@chakra-ui/react';
import type { Track } from '../../../../domain/track';
import { coverSrcSet, imagePath } from '../../../lib/cover-url';

export const DEFAULT_COVER_SMALL = '/icons/icon-192.png';

/** A track's cover: its thumbnail, an external cover, or the default cover. */
export function coverUrl(track: Pick<Track, 'imageHash' | 'art'>, full = false): string {
  if (track.imageHash) return imagePath(track.imageHash, !full);
  return track.art ?? DEFAULT_COVER_SMALL;
}

export function Cover({
  track,
  size,
  full = false,
}: {
  track: Track;
  size: string;
  full?: boolean;
}) {
  return (
    <Image
      src={coverUrl(track, full)}
      // Drawn large, a library cover is offered at several widths: the browser takes the one
      // the screen needs (`size` is a CSS width, so it is also the `sizes`), not the original.
      {...(full && track.imageHash ? { srcSet: coverSrcSet(track.imageHash), sizes: size } : {})}
      alt=""
      boxSize={size}
      objectFit="cover"
      borderRadius="sm"
      flexShrink={0}
      bg="bg.muted"
    />
  );
}
