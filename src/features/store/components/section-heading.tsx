import { Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The heading of one part of the store page; its id labels the section. */
export function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Heading as="h2" size="xl" id={id}>
      {children}
    </Heading>
  );
}
