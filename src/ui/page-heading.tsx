import { Heading, Text, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="2" mb="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {children ? <Text color="fg.muted">{children}</Text> : null}
    </Stack>
  );
}
