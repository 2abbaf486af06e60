import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/user/confirm_email/resend. Silent: the banner shows the outcome (a 429 names the
 * wait) next to its button instead of a toast.
 */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: () =>
      api<{ ok: true }>('POST', '/api/user/confirm_email/resend', undefined, { silent: true }),
  });
}
