import { Dialog } from '@chakra-ui/react';
import { DialogShell } from './dialog-shell';
import { FormFooter } from './form-footer';

/** A yes/no question before something that cannot be undone (deletes). */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  loading,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <DialogShell open={open} onClose={onClose} role="alertdialog" closeButton={false}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{body}</Dialog.Body>
      <FormFooter
        inDialog
        tone="danger"
        cancelLabel={cancelLabel}
        onCancel={onClose}
        submitLabel={confirmLabel}
        submitting={loading ?? false}
        onSubmit={onConfirm}
      />
    </DialogShell>
  );
}
