import { Dialog, Text } from '@chakra-ui/react';
import { DialogShell } from '../../../ui/dialog-shell';
import { FormFooter } from '../../../ui/form-footer';

/** The end of an upload: "Upload done", or "Upload failed" with the server's answer. */
export function ResultDialog({
  open,
  title,
  body,
  closeLabel,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <DialogShell open={open} onClose={onClose} closeButton={false}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {body}
        </Text>
      </Dialog.Body>
      <FormFooter inDialog submitLabel={closeLabel} onSubmit={onClose} />
    </DialogShell>
  );
}
