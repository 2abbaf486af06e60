import { Button, Clipboard, Dialog, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { shareStrings } from '../../../lib/strings/share';
import { DialogShell } from '../../../ui/dialog-shell';
import { FormFooter } from '../../../ui/form-footer';
import { LoadError } from '../../../ui/load-error';
import { TextField } from '../../../ui/text-field';
import { useCreateShare } from '../api/shares';

const t = shareStrings.dialog;

/** What to share: one collection or one playlist. */
export type ShareTarget = { collectionId: number } | { playlistId: number };

const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * "Share" on the collection and playlist pages: a dialog that makes a link (optionally
 * expiring) and shows it once with a copy button; the server keeps only its hash.
 */
export function ShareButton({ target }: { target: ShareTarget }) {
  const [open, setOpen] = useState(false);
  const [expiry, setExpiry] = useState('');
  const create = useCreateShare();
  const close = () => {
    setOpen(false);
    setExpiry('');
    create.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ ...target, ...(expiry ? { expiresAt: expiry } : {}) });
  };
  const created = create.data;
  return (
    <DialogShell
      open={open}
      onClose={close}
      onOpen={() => setOpen(true)}
      trigger={
        <Button variant="outline" data-testid="share-button">
          {t.open}
        </Button>
      }
      closeLabel={t.close}
      data-testid="share-dialog"
    >
      <Dialog.Header>
        <Dialog.Title>{t.title}</Dialog.Title>
      </Dialog.Header>
      {created ? (
        <>
          <Dialog.Body>
            <Stack gap="3" role="status">
              <Text>{t.created}</Text>
              <Clipboard.Root value={created.url}>
                <Clipboard.Label>{t.link}</Clipboard.Label>
                <HStack>
                  <Clipboard.Input asChild>
                    <Input readOnly data-testid="share-url" fontFamily="mono" />
                  </Clipboard.Input>
                  <Clipboard.Trigger asChild>
                    <Button variant="surface">
                      <Clipboard.Indicator copied={t.copied}>{t.copy}</Clipboard.Indicator>
                    </Button>
                  </Clipboard.Trigger>
                </HStack>
              </Clipboard.Root>
            </Stack>
          </Dialog.Body>
          <FormFooter inDialog cancelLabel={t.close} onCancel={close} />
        </>
      ) : (
        <form onSubmit={onSubmit} aria-label={t.title}>
          <Dialog.Body>
            <Stack gap="4">
              <Text color="fg.muted">{t.intro}</Text>
              <TextField
                label={t.expiry}
                type="date"
                min={today()}
                value={expiry}
                onChange={setExpiry}
              />
              {create.error ? <LoadError error={create.error} /> : null}
            </Stack>
          </Dialog.Body>
          <FormFooter
            inDialog
            cancelLabel={t.close}
            onCancel={close}
            submitLabel={t.create}
            submitting={create.isPending}
          />
        </form>
      )}
    </DialogShell>
  );
}
