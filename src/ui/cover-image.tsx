import { Box, Image } from '@chakra-ui/react';

/**
 * A square cover: a library image by hash (GET /image/{hash}, thumbnail unless `thumb` is
 * false) or an external address (`src`); a neutral square when there is neither.
 */
export function CoverImage({
  hash,
  src,
  size,
  alt = '',
  thumb = true,
}: {
  hash?: string | null;
  src?: string | null;
  size: string | Record<string, string>;
  alt?: string;
  thumb?: boolean;
}) {
  const url = hash ? `/image/${hash}${thumb ? '?thumb=true' : ''}` : (src ?? null);
  if (!url)
    return (
      <Box
        w={size}
        h={size}
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
      h={size}
      flexShrink={0}
      objectFit="cover"
      borderRadius="md"
      loading="lazy"
    />
  );
}
