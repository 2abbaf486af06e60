import type { ApiSession } from './api';

export type Provider = 'stripe' | 'balance' | 'sellix';

export interface WireProduct {
  productId: number;
  productTitle: string;
  productPrice: number;
  productSale: number;
  productBalance: number;
  productInvites: number;
  productSubscription: boolean;
}

/** Turns on the payment providers the store offers (settings.paymentProviders). */
export async function setProviders(api: ApiSession, providers: Provider[]): Promise<void> {
  await api.call('POST', '/api/settings', { paymentProviders: providers });
}

/** Creates a product through the admin API and answers it as listed by GET /api/product. */
export async function createProduct(
  api: ApiSession,
  body: Record<string, unknown> & { productTitle: string; productPrice: number },
): Promise<WireProduct> {
  await api.call('PUT', '/api/product', { productDescription: '', ...body });
  const products = await api.call<WireProduct[]>('GET', '/api/product');
  const created = products.find((p) => p.productTitle === body.productTitle);
  if (!created) throw new Error(`product ${body.productTitle} was not listed after PUT`);
  return created;
}

export async function deleteProduct(api: ApiSession, productId: number): Promise<void> {
  await api.call('DELETE', `/api/product/${productId}`).catch(() => undefined);
}

/** The user as GET /api/user answers it for the signed-in session. */
export async function currentUser(
  api: ApiSession,
): Promise<{ userId: number; userBalance: number; remainingInvites?: number }> {
  const answer = await api.call<{ user: { userId: number; userBalance: number } }>(
    'GET',
    '/api/user',
  );
  return answer.user;
}
