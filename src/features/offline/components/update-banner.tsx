import { Button, HStack, Text } from '@chakra-ui/react';
import { offlineStrings as t } from '../strings';

/** Offers a waiting service-worker version; it also activates by itself once nothing plays. */
export function UpdateBanner({
  available,
  onUpdate,
}: {
  available: boolean;
  onUpdate: () => void;
}) {
  if (!available) return null;
  return (
    <HStack
      role="status"
      data-testid="update-banner"
      position="fixed"
      top="2"
      right="2"
      zIndex="toast"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="md"
      shadow="lg"
      px="3"
      py="2"
      gap="3"
    >
      <Text textStyle="sm">{t.updateReady}</Text>
      <Button size="xs" colorPalette="brand" onClick={onUpdate}>
        {t.update}
      </Button>
    </HStack>
  );
}
