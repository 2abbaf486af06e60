import { Center, Spinner } from '@chakra-ui/react';

export function CenteredSpinner({ label }: { label: string }) {
  return (
    <Center py="16" role="status" aria-label={label}>
      <Spinner size="lg" />
    </Center>
  );
}
