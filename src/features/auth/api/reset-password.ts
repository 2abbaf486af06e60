import { useMutation } from '@tanstack/react-query';
import type { ResetBody, ResetRequestBody } from '../../../../domain/auth';
import { requestPasswordReset } from '../../../common/account/reset-password';
import { api } from '../../../lib/api-client';

/** PUT /api/reset_password {password, code}: sets the new password. */
export function resetPassword(body: ResetBody): Promise<unknown> {
  return api('PUT', '/api/reset_password', body);
}

/** POST /api/reset_password {email}: asks for a reset e-mail. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (body: ResetRequestBody) => requestPasswordReset(body.email) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
