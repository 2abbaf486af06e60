import { Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A section's heading on /dms, named so its section can point at it. */
export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Heading as="h2" size="md" id={id}>
      {children}
    </Heading>
  );
}
