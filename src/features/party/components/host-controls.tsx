import { Badge, Box, Button, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { PartyGuest } from '../../../../domain/parties';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { partyPageStrings as t } from '../strings';

/** The host's part of the page: who joined (removable) and ending the party. */
export function HostControls({
  guests,
  allowAnonymous,
  onRemoveGuest,
  onEnd,
}: {
  guests: PartyGuest[];
  allowAnonymous: boolean;
  onRemoveGuest: (guest: PartyGuest) => void;
  onEnd: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);
  return (
    <Stack as="section" aria-label={t.host} gap="3" data-testid="party-host-controls">
      <Text as="h2" fontWeight="semibold">
        {t.guests}
      </Text>
      {allowAnonymous ? (
        <Text textStyle="sm" color="fg.muted">
          {t.signedOutGuests}
        </Text>
      ) : null}
      {guests.length === 0 ? (
        <Text color="fg.muted">{t.noGuests}</Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" data-testid="party-guests">
          {guests.map((guest) => (
            <HStack as="li" key={guest.guestId} gap="2">
              <Box flex="1" minW="0">
                <Text truncate>{guest.name}</Text>
              </Box>
              {guest.removed ? (
                <Badge>{t.removedGuest}</Badge>
              ) : (
                <CloseButton
                  size="sm"
                  aria-label={t.removeGuest(guest.name)}
                  onClick={() => onRemoveGuest(guest)}
                />
              )}
            </HStack>
          ))}
        </Stack>
      )}
      <Box>
        <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
          {t.end}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t.endTitle}
        body={t.endBody}
        confirmLabel={t.end}
        cancelLabel={t.cancel}
        loading={ending}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setEnding(true);
          void onEnd().finally(() => {
            setEnding(false);
            setConfirming(false);
          });
        }}
      />
    </Stack>
  );
}
