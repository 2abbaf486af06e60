import { Flex, Skeleton, Stack } from '@chakra-ui/react';
import { strings } from '../../../lib/strings';
import { TILE_WIDTH } from './collection-tile';

/** Placeholder rows while GET /api/homepage runs, shaped like the real rows so nothing jumps. */
export function HomeSkeleton() {
  return (
    <Stack gap="8" role="status" aria-label={strings.loading} aria-busy="true">
      {[0, 1, 2].map((row) => (
        <Stack key={row} gap="2">
          <Skeleton h="6" w="40" />
          <Flex gap="3" overflow="hidden">
            {[0, 1, 2, 3, 4, 5].map((tile) => (
              <Skeleton key={tile} w={TILE_WIDTH} h="190px" flexShrink={0} />
            ))}
          </Flex>
        </Stack>
      ))}
    </Stack>
  );
}
