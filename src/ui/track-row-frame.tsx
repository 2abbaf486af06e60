import { Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The fixed-height line every track list draws (collection, playlist, favourites): the current
 * track is tinted and announced with aria-current, so all lists show "now playing" alike.
 */
export function TrackRowFrame({
  current,
  testId,
  children,
}: {
  current: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Flex
      h="full"
      align="center"
      gap={{ base: '1', sm: '2' }}
      px={{ base: '0', sm: '2' }}
      borderBottomWidth="1px"
      bg={current ? 'colorPalette.subtle' : undefined}
      colorPalette="brand"
      aria-current={current ? 'true' : undefined}
      data-testid={testId}
    >
      {children}
    </Flex>
  );
}
