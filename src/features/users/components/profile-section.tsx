import { Box, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A bordered, titled panel of the profile page; the heading labels the region. */
export function ProfileSection({
  title,
  testId,
  children,
}: {
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  const id = `section-${testId ?? title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Box
      as="section"
      aria-labelledby={id}
      borderWidth="1px"
      borderRadius="lg"
      bg="bg.panel"
      p={{ base: '4', md: '5' }}
      data-testid={testId}
    >
      <Stack gap="4">
        <Heading as="h2" size="lg" id={id}>
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}
