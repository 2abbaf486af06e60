import { useMutation } from '@tanstack/react-query';
import { BuyCollectionAnswerSchema, CheckoutAnswerSchema } from '../../../../domain/store';
import type { PaymentProvider } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';

export interface BuyInput {
  collectionId: number;
  transcode: boolean;
  provider: PaymentProvider;
}

/**
 * POST /api/payments/buy_collection creates the product, then POST /api/payments/checkout pays
 * for it: with balance it completes at once, otherwise it answers a checkout address.
 * Errors are silent here; the chooser shows the server's text in place.
 */
export async function buyCollection(input: BuyInput): Promise<{ checkoutUrl: string | null }> {
  const product = await api(
    'POST',
    '/api/payments/buy_collection',
    {
      collectionId: input.collectionId,
      transcode: input.transcode,
    },
    { schema: BuyCollectionAnswerSchema, silent: true },
  );
  const checkout = await api(
    'POST',
    '/api/payments/checkout',
    {
      productId: product.productId,
      balance: input.provider === 'balance',
      provider: input.provider,
      redirectUrl: window.location.href,
    },
    { schema: CheckoutAnswerSchema, silent: true },
  );
  return { checkoutUrl: checkout.checkoutUrl ?? null };
}

export function useBuyCollection() {
  return useMutation({ mutationFn: buyCollection });
}
