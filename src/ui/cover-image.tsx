import { Box, Image } from '@chakra-ui/react';
import { coverSrcSet, imagePath } from '../lib/cover-url';
import { BREAKPOINT_PX } from './breakpoints';

/**
 * A square cover: a library image by hash (GET /image/{hash}, thumbnail unless `thumb` is
 * false) or an external address (`src`); a neutral square when there is neither.
 * The square is kept by `aspect-ratio`, so a cover of relative width (`100%`) has its height
 * before the image arrives and nothing below it moves when it does.
 * `priority` is for the cover a page opens with (its largest image): fetched at once and first,
 * where other covers wait until they near the screen. A large cover (`thumb` false) is offered
 * at several widths (coverSrcSet).
 */
type Size = string | Record<string, string>;

/**
 * The `sizes` of a cover drawn `size` wide: each breakpoint's width, widest first; a relative
 * width counts as the whole viewport (an upper bound: the browser may then take a larger copy,
 * never a blurred one).
 */
export function sizesOf(size: Size): string {
  const one = (width: string) => (width.endsWith('%') ? '100vw' : width);
  if (typeof size === 'string') return one(size);
  const px = BREAKPOINT_PX as Readonly<Record<string, number>>;
  const queries = Object.entries(size)
    .filter(([key]) => key in px)
    .sort(([a], [b]) => (px[b] ?? 0) - (px[a] ?? 0))
    .map(([key, width]) => `(min-width: ${px[key]}px) ${one(width)}`);
  return [...queries, one(size.base ?? '100%')].join(', ');
}

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
  sizes,
}: {
  hash?: string | null;
  src?: string | null;
  size: Size;
  alt?: string;
  thumb?: boolean;
  priority?: boolean;
  /** `sizes` for a large cover (`thumb` false); by default what `size` says. */
  sizes?: string;
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
      // A large cover offers the thumbnail and the WebP widths, so the browser fetches the one
      // its screen needs, not the original (which stays `src`, for what ignores srcset).
      {...(hash && !thumb ? { srcSet: coverSrcSet(hash), sizes: sizes ?? sizesOf(size) } : {})}
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
