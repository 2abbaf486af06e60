import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';

export function sendContactMessage(body: ContactBody): Promise<unknown> {
  return api('POST', '/api/contact', body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
