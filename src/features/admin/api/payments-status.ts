import { useMutation, useQuery } from '@tanstack/react-query';
import {
  PaymentsCheckSchema,
  PaymentsStatusSchema,
  type PaymentsCheck,
  type PaymentsStatus,
} from '../../../../domain/payments-status';
import { queryKeys } from '../../../common/query-keys';
import { api } from '../../../lib/api-client';

/** GET /api/payments/status: providers, missing variables, webhook addresses, test mode. */
export function usePaymentsStatus() {
  return useQuery({
    queryKey: queryKeys.settings.paymentsStatus(),
    queryFn: ({ signal }) =>
      api<PaymentsStatus>('GET', '/api/payments/status', undefined, {
        schema: PaymentsStatusSchema,
        signal,
        silent: true,
      }),
  });
}

/** POST /api/payments/status/{provider}/check: one harmless authenticated call with the key. */
export function useCheckPayments() {
  return useMutation({
    mutationFn: (provider: 'stripe' | 'sellix') =>
      api<PaymentsCheck>('POST', `/api/payments/status/${provider}/check`, undefined, {
        schema: PaymentsCheckSchema,
      }),
  });
}
