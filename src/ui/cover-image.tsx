import { Box, Image } from '@chakra-ui/react';
import { imagePath } from '../lib/cover-url';

/**
 * A square cover: a library image by hash (GET /image/{hash}, thumbnail unless `thumb` is
 * false) or an external address (`src`); a neutral square when there is neither.
 * The square is kept by `aspect-ratio`, so a cover of relative width (`100%`) has its height
 * before the image arrives and nothing below it moves when it does.
 * `priority` is for the cover a page opens with (its largest image): fetched at once and first,
 * where other covers wait until they near the screen.
 */
type Size = string | Record<string, string>;

/** A fixed width is also the height; a relative one leaves the height to `aspect-ratio`. */
function heightOf(size: Size): Size {
  const one = (width: string) => (width.endsWith('%') ? 'auto' : width);
  return typeof size === 'string'
    ? one(size)
    : Object.fromEntries(Object.entries(size).map(([key, width]) => [key, one(width)]));
}

export function CoverImage({
  hash,
  src,
  size,
  alt = '',
  thumb = true,
  priority = false,
}: {
  hash?: string | null;
  src?: string | null;
  size: Size;
  alt?: string;
  thumb?: boolean;
  priority?: boolean;
}) {
  const url = hash ? imagePath(hash, thumb) : (src ?? null);
  if (!url)
    return (
      <Box
        w={size}
        h={heightOf(size)}
        aspectRatio="1"
        flexShrink={0}
        borderRadius="md"
        bg="bg.emphasized"
        aria-hidden={alt ? undefined : true}
        aria-label={alt || undefined}
        role={alt ? 'img' : undefined}
      />
    );
  return (
    <Image
      src={url}
      alt={alt}
      w={size}
      h={heightOf(size)}
      aspectRatio="1"
      flexShrink={0}
      objectFit="cover"
      borderRadius="md"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
