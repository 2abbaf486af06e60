import { useMutation } from '@tanstack/react-query';
import type { ResetBody, ResetRequestBody } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';

/** POST /api/reset_password {email}: asks for a reset e-mail. */
export function requestPasswordReset(body: ResetRequestBody): Promise<unknown> {
  return api('POST', '/api/reset_password', body);
}

/** PUT /api/reset_password {password, code}: sets the new password. */
export function resetPassword(body: ResetBody): Promise<unknown> {
  return api('PUT', '/api/reset_password', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
