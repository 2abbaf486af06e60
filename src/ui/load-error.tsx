import { Flex, Text } from '@chakra-ui/react';
import { AlertIcon } from './icons';

/** What a screen shows when its data failed to load: a red alert icon and the error text. */
export function LoadError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Flex role="alert" align="center" gap="2" color="fg.error" py="6">
      <AlertIcon />
      <Text>{message}</Text>
    </Flex>
  );
}
