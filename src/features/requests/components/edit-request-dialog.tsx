import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Request, RequestInput } from '../../../../domain/request';
import { canSubmitRequest, requestBody, requestFormValues } from '../../../../domain/request-form';
import { primaryButtonProps } from '../../../ui/primary-button-props';
import { requestsStrings } from '../strings';
import { RequestFields } from './request-fields';

const t = requestsStrings.edit;

/** Every field of the request; empty duration, BPM or date are sent as absent (cleared). */
export function EditRequestDialog({
  request,
  open,
  saving,
  onSave,
  onClose,
}: {
  request: Request;
  open: boolean;
  saving: boolean;
  onSave: (body: RequestInput) => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      scrollBehavior="inside"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {open ? (
              <EditForm request={request} saving={saving} onSave={onSave} onClose={onClose} />
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Mounted only while open, so each opening starts from the stored request. */
function EditForm({
  request,
  saving,
  onSave,
  onClose,
}: {
  request: Request;
  saving: boolean;
  onSave: (body: RequestInput) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => requestFormValues(request));
  const body = requestBody(values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body !== undefined && canSubmitRequest(values)) onSave(body);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{t.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <RequestFields values={values} idPrefix="edit" onChange={setValues} />
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button
          type="submit"
          {...primaryButtonProps}
          loading={saving}
          disabled={body === undefined || !canSubmitRequest(values)}
        >
          {t.save}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
