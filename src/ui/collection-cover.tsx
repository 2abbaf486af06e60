import { Box, Image } from '@chakra-ui/react';

/** A cover from GET /image/{hash} (thumbnail when small), or a neutral square without one (collection page, playlists). */
export function CollectionCover({
  hash,
  alt,
  size,
  thumb = false,
}: {
  hash: string | null;
  alt: string;
  size: string | Record<string, string>;
  thumb?: boolean;
}) {
  if (!hash)
    return (
      <Box
        w={size}
        h={size}
        flexShrink={0}
        borderRadius="md"
        bg="bg.emphasized"
        aria-label={alt}
        role="img"
      />
    );
  return (
    <Image
      src={`/image/${hash}${thumb ? '?thumb=true' : ''}`}
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
