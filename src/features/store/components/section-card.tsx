import { Box, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A bordered panel with a heading: the store's cards (there is no Chakra card recipe in use). */
export function SectionCard({
  title,
  headingLevel = 'h3',
  actions,
  children,
  testId,
}: {
  title: ReactNode;
  headingLevel?: 'h2' | 'h3';
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      as="article"
      borderWidth="1px"
      borderRadius="lg"
      bg="bg.panel"
      p={{ base: '4', md: '5' }}
      data-testid={testId}
    >
      <Stack gap="3">
        <Stack direction="row" justify="space-between" align="start" gap="2">
          <Heading as={headingLevel} size={headingLevel === 'h2' ? 'lg' : 'md'}>
            {title}
          </Heading>
          {actions}
        </Stack>
        {children}
      </Stack>
    </Box>
  );
}
