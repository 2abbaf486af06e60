import { Box, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { DialogShell } from '../../../ui/dialog-shell';
import { SHORTCUT_KEYS } from '../shortcuts/shortcut-keys';
import { playerStrings as t } from '../strings';

/** The list of keyboard shortcuts, opened with `?`. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      placement="top"
      closeLabel={t.closeShortcuts}
      data-testid="shortcuts-dialog"
    >
      <Dialog.Header>
        <Dialog.Title>{t.shortcutsTitle}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack as="dl" gap="2">
          {SHORTCUT_KEYS.map(({ keys, action }) => (
            <HStack key={action} justify="space-between" gap="4">
              <Text as="dt">{t.shortcuts[action]}</Text>
              <HStack as="dd" gap="1">
                {keys.map((key) => (
                  <Box
                    as="kbd"
                    key={key}
                    px="2"
                    borderWidth="1px"
                    borderRadius="sm"
                    textStyle="sm"
                    fontFamily="mono"
                  >
                    {key}
                  </Box>
                ))}
              </HStack>
            </HStack>
          ))}
        </Stack>
      </Dialog.Body>
    </DialogShell>
  );
}
