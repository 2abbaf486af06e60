import type { PurchaseRequest } from '../../../domain/collection-page';
import type { PaymentProvider } from '../../../domain/settings';
import type { Product } from '../../../domain/store';

/** A store product bought from its card; the store passes the product itself. */
export type ProductPurchaseRequest = Pick<Product, 'productId' | 'productTitle' | 'productPrice'>;

/** What the payment chooser pays for: a collection (and/or its transcode access) or a product. */
export type PaymentRequest = PurchaseRequest | ProductPurchaseRequest;

export function isProductPurchase(request: PaymentRequest): request is ProductPurchaseRequest {
  return 'productId' in request;
}

/** Cents the user is expected to pay; the server's answer is what is charged. */
export function requestPrice(request: PaymentRequest): number {
  return isProductPurchase(request) ? request.productPrice : request.price;
}

export function requestTitle(request: PaymentRequest): string {
  return isProductPurchase(request) ? request.productTitle : request.collectionName;
}

/**
 * The providers the chooser offers: those enabled in settings, balance only when the user's
 * balance covers the price (spec part 1, section 5; part 2, section 5).
 */
export function offeredProviders(
  enabled: readonly PaymentProvider[],
  userBalance: number,
  price: number,
): PaymentProvider[] {
  return enabled.filter((provider) => provider !== 'balance' || userBalance >= price);
}

/** The query parameter a provider's checkout comes back with, so the page can say so. */
export const CHECKOUT_RETURN_PARAM = 'checkout';
const CHECKOUT_RETURN_VALUE = 'done';

/**
 * The same-origin path a provider sends the buyer back to: the page they bought on, with
 * `?checkout=done` added (other query parameters kept, the fragment dropped).
 */
export function checkoutReturnPath(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.set(CHECKOUT_RETURN_PARAM, CHECKOUT_RETURN_VALUE);
  return `${location.pathname}?${params.toString()}`;
}

/**
 * How the buyer came back from a provider: `done` (the address sent as redirectUrl), or
 * `cancelled` should the server ever send cancelled checkouts to a marked address of their own;
 * null when this is no return at all.
 */
export function checkoutReturn(search: string): 'done' | 'cancelled' | null {
  const value = new URLSearchParams(search).get(CHECKOUT_RETURN_PARAM);
  return value === CHECKOUT_RETURN_VALUE || value === 'cancelled' ? value : null;
}

/** The address without the return marker, to replace it once the notice is shown. */
export function withoutCheckoutReturn(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete(CHECKOUT_RETURN_PARAM);
  const rest = params.toString();
  return rest ? `${location.pathname}?${rest}` : location.pathname;
}
