import { Flex, Heading, HStack, IconButton, Stack } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { strings } from '../lib/strings';
import { StrokeIcon } from './icons';

const ChevronLeft = () => (
  <StrokeIcon>
    <path d="M15 6l-6 6 6 6" />
  </StrokeIcon>
);
const ChevronRight = () => (
  <StrokeIcon>
    <path d="M9 6l6 6-6 6" />
  </StrokeIcon>
);

/**
 * A titled row whose items scroll sideways. The scroller is focusable (arrow keys scroll it)
 * and each item keeps its own focus, so the row is usable from the keyboard; from 600 px the
 * heading also has back/forward buttons for a mouse without a sideways wheel.
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
  const scroller = useRef<HTMLDivElement>(null);
  const scrollBy = (direction: 1 | -1) => {
    const node = scroller.current;
    if (node) node.scrollBy({ left: direction * node.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <Stack as="section" gap="2" aria-label={title} data-testid={testId}>
      <HStack gap="2">
        <Heading as="h2" size="lg" truncate>
          {title}
        </Heading>
        {action}
        {wrap ? null : (
          <HStack gap="1" ms="auto" display={{ base: 'none', sm: 'flex' }}>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={strings.homePage.scrollBack(title)}
              onClick={() => scrollBy(-1)}
            >
              <ChevronLeft />
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={strings.homePage.scrollForward(title)}
              onClick={() => scrollBy(1)}
            >
              <ChevronRight />
            </IconButton>
          </HStack>
        )}
      </HStack>
      <Flex
        ref={scroller}
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
