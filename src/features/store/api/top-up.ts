import { useMutation } from '@tanstack/react-query';
import type { CheckoutRequest } from '../../../../domain/store';
import { checkout } from '../../../common/payments/checkout';

export interface TopUpInput {
  cents: number;
  provider: 'stripe' | 'sellix';
}

/**
 * A balance top-up is a checkout with no product and the amount in cents as `balance`
 * (domain/store.ts); it always goes through a provider, never the balance itself, and comes
 * back to the store with the outcome notice.
 */
export async function startTopUp(input: TopUpInput): Promise<string | null> {
  const body: CheckoutRequest = {
    balance: input.cents,
    provider: input.provider,
    redirectUrl: '/store?checkout=done',
  };
  return checkout(body);
}

export function useTopUp() {
  return useMutation({ mutationFn: startTopUp });
}
