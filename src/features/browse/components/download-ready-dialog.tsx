import { Dialog, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { strings } from '../../../lib/strings';
import { DialogShell } from '../../../ui/dialog-shell';
import { FormFooter } from '../../../ui/form-footer';
import type { FinishedDownload } from '../hooks/use-external-download';

const t = strings.externalSearch;

/** Offers to open the collection an external download became. */
export function DownloadReadyDialog({
  finished,
  onClose,
}: {
  finished: FinishedDownload | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <DialogShell open={finished !== null} onClose={onClose} closeButton={false}>
      <Dialog.Header>
        <Dialog.Title>{t.readyTitle}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Text>{finished ? t.readyBody(finished.title) : null}</Text>
      </Dialog.Body>
      <FormFooter
        inDialog
        cancelLabel={t.later}
        onCancel={onClose}
        submitLabel={t.open}
        onSubmit={() => {
          if (!finished) return;
          onClose();
          void navigate({
            to: '/audio-collection/$id',
            params: {
              id: String(finished.collectionId),
              collectionId: finished.collectionId,
            },
          });
        }}
      />
    </DialogShell>
  );
}
