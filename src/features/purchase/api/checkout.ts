import { useMutation } from '@tanstack/react-query';
import { BuyCollectionAnswerSchema, type CheckoutRequest } from '../../../../domain/store';
import type { PaymentProvider } from '../../../../domain/settings';
import { checkout } from '../../../common/payments/checkout';
import { api } from '../../../lib/api-client';
import { checkoutReturnPath, isProductPurchase, type PaymentRequest } from '../payment-request';

export interface PayInput {
  request: PaymentRequest;
  provider: PaymentProvider;
}

/**
 * POST /api/payments/buy_collection turns a collection purchase into a product first (spec
 * part 1, section 7); a store product already is one.
 */
async function productIdOf(request: PaymentRequest): Promise<number> {
  if (isProductPurchase(request)) return request.productId;
  const product = await api(
    'POST',
    '/api/payments/buy_collection',
    { collectionId: request.collectionId, transcode: request.transcode },
    { schema: BuyCollectionAnswerSchema, silent: true },
  );
  return product.productId;
}

/**
 * POST /api/payments/checkout pays for the product: with balance it completes at once,
 * otherwise it answers the provider's checkout address, which comes back to this page with
 * `?checkout=done`. Errors are silent here; the chooser shows the server's text in place.
 */
export async function pay({
  request,
  provider,
}: PayInput): Promise<{ checkoutUrl: string | null }> {
  const body: CheckoutRequest = {
    productId: await productIdOf(request),
    balance: provider === 'balance',
    provider,
    redirectUrl: checkoutReturnPath(window.location),
  };
  return { checkoutUrl: await checkout(body) };
}

export function usePay() {
  return useMutation({ mutationFn: pay });
}
