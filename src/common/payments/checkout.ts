import { CheckoutAnswerSchema, type CheckoutRequest } from '../../../domain/store';
import { api } from '../../lib/api-client';

/**
 * POST /api/payments/checkout: a purchase (product, paid from the balance or a provider) or a
 * balance top-up (no product). Answers the provider's checkout address, or null when it
 * completed at once. Silent: the payment chooser and the top-up card show the server's text.
 */
export async function checkout(body: CheckoutRequest): Promise<string | null> {
  const answer = await api('POST', '/api/payments/checkout', body, {
    schema: CheckoutAnswerSchema,
    silent: true,
  });
  return answer.checkoutUrl ?? null;
}
