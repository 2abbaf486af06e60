import { useState } from 'react';
import type { Request, RequestInput } from '../../../../domain/request';
import { canSubmitRequest, requestBody, requestFormValues } from '../../../../domain/request-form';
import { DialogForm } from '../../../ui/dialog-form';
import { DialogShell } from '../../../ui/dialog-shell';
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
    <DialogShell open={open} onClose={onClose} size="lg" scrollBehavior="inside">
      <EditForm request={request} saving={saving} onSave={onSave} onClose={onClose} />
    </DialogShell>
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
  return (
    <DialogForm
      title={t.title}
      cancelLabel={t.cancel}
      submitLabel={t.save}
      canSubmit={body !== undefined && canSubmitRequest(values)}
      submitting={saving}
      onSubmit={() => {
        if (body !== undefined) onSave(body);
      }}
      onCancel={onClose}
    >
      <RequestFields values={values} idPrefix="edit" onChange={setValues} />
    </DialogForm>
  );
}
