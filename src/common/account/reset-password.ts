import { ResetCodeSchema, type ResetCode, type ResetRequestBody } from '../../../domain/auth';
import { api } from '../../lib/api-client';

/**
 * POST /api/reset_password, asked two ways: by the person who forgot (an e-mail goes out; a
 * failure shows the red toast) and by an administrator with noEmail, who gets the code back to
 * pass on as a link (the admin screen shows failures in place).
 */
export const requestPasswordReset = (email: string): Promise<unknown> =>
  api('POST', '/api/reset_password', { email } satisfies ResetRequestBody);

export const requestResetCode = (email: string): Promise<ResetCode> =>
  api('POST', '/api/reset_password', { email, noEmail: true } satisfies ResetRequestBody, {
    schema: ResetCodeSchema,
    silent: true,
  });
