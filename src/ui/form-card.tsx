import { Box, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The narrow centred card used by the sign-in, registration and contact forms. */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      maxW="md"
      mx="auto"
      mt={{ base: '4', md: '10' }}
      p={{ base: '5', md: '8' }}
      borderWidth="1px"
      borderRadius="lg"
      bg="bg.panel"
    >
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}
