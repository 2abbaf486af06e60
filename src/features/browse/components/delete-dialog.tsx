import { Alert, Dialog, Spinner, Stack, Text } from '@chakra-ui/react';
import { strings } from '../../../lib/strings';
import { DialogShell } from '../../../ui/dialog-shell';
import { FormFooter } from '../../../ui/form-footer';

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
    <DialogShell
      open={phase !== null}
      onClose={onClose}
      role="alertdialog"
      dismissible={!busy}
      closeButton={false}
    >
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
      {phase === 'confirm' ? (
        <FormFooter
          inDialog
          tone="danger"
          cancelLabel={t.cancel}
          onCancel={onClose}
          submitLabel={t.confirm}
          onSubmit={onConfirm}
        />
      ) : null}
      {phase === 'done' ? <FormFooter inDialog submitLabel={t.close} onSubmit={onClose} /> : null}
    </DialogShell>
  );
}
