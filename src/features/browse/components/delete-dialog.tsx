import { Alert, Button, Dialog, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { strings } from '../../../lib/strings';

const t = strings.browsePage;

export type DeletePhase = 'confirm' | 'deleting' | 'done';

/**
 * Confirmation, then the in-progress view (which cannot be dismissed: closing the page
 * would not stop the server, but the user must not think it finished), then "Done!".
 */
export function DeleteDialog({
  phase,
  count,
  onConfirm,
  onClose,
}: {
  phase: DeletePhase | null;
  count: number;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const busy = phase === 'deleting';
  return (
    <Dialog.Root
      open={phase !== null}
      role="alertdialog"
      placement="center"
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t.confirmTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {phase === 'confirm' ? <Text>{t.confirmBody(count)}</Text> : null}
              {phase === 'deleting' ? (
                <Stack gap="3" align="center" role="status" aria-live="polite">
                  <Spinner size="lg" />
                  <Text fontWeight="semibold">{t.deleting}</Text>
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Title>{t.doNotClose}</Alert.Title>
                  </Alert.Root>
                </Stack>
              ) : null}
              {phase === 'done' ? (
                <Text role="status" fontWeight="semibold">
                  {t.done}
                </Text>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              {phase === 'confirm' ? (
                <>
                  <Button variant="outline" onClick={onClose}>
                    {t.cancel}
                  </Button>
                  <Button colorPalette="red" onClick={onConfirm}>
                    {t.confirm}
                  </Button>
                </>
              ) : null}
              {phase === 'done' ? <Button onClick={onClose}>{t.close}</Button> : null}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
