import { Stack } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { EMPTY_REQUEST_FORM, canSubmitRequest, requestBody } from '../../../../domain/request-form';
import { notifySuccess } from '../../../lib/notify';
import { PageHeading } from '../../../ui/page-heading';
import { FormFooter } from '../../../ui/form-footer';
import { useCreateRequest } from '../api/save-request';
import { requestsStrings as t } from '../strings';
import { RequestFields } from './request-fields';

/** /requests/new: name and artists required; on success the new request opens. */
export function NewRequestPage() {
  const [values, setValues] = useState(EMPTY_REQUEST_FORM);
  const create = useCreateRequest();
  const navigate = useNavigate();
  const body = requestBody(values);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body === undefined || !canSubmitRequest(values)) return;
    create.mutate(body, {
      onSuccess: (request) => {
        notifySuccess(t.created);
        void navigate({
          to: '/requests/$id',
          params: { id: String(request.requestId), requestId: request.requestId },
        });
      },
    });
  };

  return (
    <Stack gap="2" maxW="3xl">
      <PageHeading title={t.newRequest}>{t.newIntro}</PageHeading>
      <form onSubmit={submit} noValidate aria-label={t.newRequest}>
        <Stack gap="6">
          <RequestFields values={values} idPrefix="new" onChange={setValues} />
          <FormFooter
            submitLabel={t.submit}
            canSubmit={canSubmitRequest(values) && body !== undefined}
            submitting={create.isPending}
          />
        </Stack>
      </form>
    </Stack>
  );
}
