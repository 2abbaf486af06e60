import { describe, expect, it } from 'vitest';
import {
  checkoutReturn,
  checkoutReturnPath,
  isProductPurchase,
  offeredProviders,
  requestPrice,
  requestTitle,
  withoutCheckoutReturn,
} from './payment-request';

describe('payment requests', () => {
  const collection = { collectionId: 4, collectionName: 'Album', price: 700, transcode: false };
  const product = { productId: 9, productTitle: 'VIP month', productPrice: 1299 };

  it('tells a product purchase from a collection purchase', () => {
    expect(isProductPurchase(product)).toBe(true);
    expect(isProductPurchase(collection)).toBe(false);
  });

  it('reads the price and title of either kind', () => {
    expect(requestPrice(product)).toBe(1299);
    expect(requestPrice(collection)).toBe(700);
    expect(requestTitle(product)).toBe('VIP month');
    expect(requestTitle(collection)).toBe('Album');
  });
});

describe('checkoutReturnPath', () => {
  it('comes back to the same page with checkout=done', () => {
    expect(checkoutReturnPath({ pathname: '/store', search: '' })).toBe('/store?checkout=done');
    expect(checkoutReturnPath({ pathname: '/collection/4-album', search: '?x=1' })).toBe(
      '/collection/4-album?x=1&checkout=done',
    );
  });

  it('is a same-origin path even when the page already carries a marker', () => {
    const path = checkoutReturnPath({ pathname: '/store', search: '?checkout=done' });
    expect(path).toBe('/store?checkout=done');
    expect(path.startsWith('/')).toBe(true);
  });

  it('recognises the return and removes the marker afterwards', () => {
    expect(checkoutReturn('?checkout=done')).toBe('done');
    expect(checkoutReturn('?checkout=other')).toBeNull();
    expect(checkoutReturn('?checkout=cancelled')).toBe('cancelled');
    expect(checkoutReturn('?a=1&checkout=done')).toBe('done');
    expect(checkoutReturn('')).toBeNull();
    expect(withoutCheckoutReturn({ pathname: '/store', search: '?checkout=done' })).toBe('/store');
    expect(withoutCheckoutReturn({ pathname: '/c', search: '?x=1&checkout=done' })).toBe('/c?x=1');
  });
});

describe('offeredProviders', () => {
  it('offers only the providers enabled in settings', () => {
    expect(offeredProviders(['stripe'], 10_000, 500)).toEqual(['stripe']);
    expect(offeredProviders([], 10_000, 500)).toEqual([]);
  });

  it('offers balance only when it covers the price', () => {
    expect(offeredProviders(['stripe', 'balance'], 499, 500)).toEqual(['stripe']);
    expect(offeredProviders(['stripe', 'balance'], 500, 500)).toEqual(['stripe', 'balance']);
    expect(offeredProviders(['sellix', 'balance'], 0, 0)).toEqual(['sellix', 'balance']);
  });
});
