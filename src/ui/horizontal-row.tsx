import { Flex, Heading, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A titled row whose items scroll sideways. The scroller is focusable (arrow keys scroll it)
 * and each item keeps its own focus, so the row is usable from the keyboard.
 */
export function HorizontalRow({
  title,
  action,
  children,
  testId,
  wrap = false,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** Lay the items out in wrapping lines instead of one sideways-scrolling line. */
  wrap?: boolean;
}) {
  return (
    <Stack as="section" gap="2" aria-label={title} data-testid={testId}>
      <HStack justify="space-between" gap="2">
        <Heading as="h2" size="lg" truncate>
          {title}
        </Heading>
        {action}
      </HStack>
      <Flex
        gap="3"
        overflowX={wrap ? 'visible' : 'auto'}
        flexWrap={wrap ? 'wrap' : 'nowrap'}
        pb="2"
        tabIndex={wrap ? undefined : 0}
        role="list"
        aria-label={title}
        css={{ scrollSnapType: 'x proximity', '& > *': { scrollSnapAlign: 'start' } }}
      >
        {children}
      </Flex>
    </Stack>
  );
}
