import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { strings } from '../../../lib/strings';
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
    <Dialog.Root
      open={finished !== null}
      placement="center"
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t.readyTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{finished ? t.readyBody(finished.title) : null}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t.later}
              </Button>
              <Button
                onClick={() => {
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
              >
                {t.open}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
