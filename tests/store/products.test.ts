import { describe, expect, it } from 'vitest';
import type { Product } from '../../domain/store';
import { TestClient } from '../helpers/client';
import { buyer, createProduct, storeSetup } from './store-helpers';
import { perFile } from '../helpers/setup';

const s = perFile(() => storeSetup());

const listed = async (client: TestClient) => (await client.get('/api/product')).json<Product[]>();

describe('PUT /api/product', () => {
  it('creates a product with every field and lists it', async () => {
    const product = await createProduct(s.admin, {
      productTitle: 'Gold month',
      productDescription: '<p><strong>Gold</strong></p><ul><li>more</li></ul>',
      productRole: 1,
      productRoleDuration: 30,
      productPrice: 799,
      productSale: 0.2,
      productInvites: 2,
      productBalance: 1000,
      productSubscription: false,
      productTranscode: false,
    });
    expect(product).toMatchObject({
      productTitle: 'Gold month',
      productRole: 1,
      productRoleDuration: 30,
      productPrice: 799,
      productSale: 0.2,
      productInvites: 2,
      productBalance: 1000,
      productSubscription: false,
      productCollectionId: null,
      productTranscode: false,
    });
    const user = await buyer(s.t);
    expect(await listed(user)).toContainEqual(product);
  });

  it('sanitises the description to the small rich-text allowlist', async () => {
    const product = await createProduct(s.admin, {
      productDescription:
        '<h3>Hi</h3><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>' +
        '<a href="https://example.com" onclick="x()">ok</a><p style="color:red">text</p>',
    });
    expect(product.productDescription).toBe(
      '<h3>Hi</h3><a rel="noopener">x</a><a href="https://example.com" rel="noopener">ok</a><p>text</p>',
    );
  });

  it('refuses non-administrators and bad input, changing nothing', async () => {
    const user = await buyer(s.t);
    const before = await listed(s.admin);
    expect(
      (await user.put('/api/product', { productTitle: 'x', productPrice: 1 })).statusCode,
    ).toBe(403);
    for (const body of [
      { productTitle: 'x', productPrice: -1 },
      { productTitle: 'x', productPrice: 1.5 },
      { productTitle: '', productPrice: 100 },
      { productTitle: 'x', productPrice: 100, productRole: 9999 },
      { productTitle: 'x', productPrice: 100, productCollectionId: 9999 },
      { productTitle: 'x', productPrice: 100, productTranscode: true },
      { productTitle: 'x', productPrice: 100, productSale: 11 },
    ]) {
      const response = await s.admin.put('/api/product', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
    expect(await listed(s.admin)).toEqual(before);
  });
});

describe('POST /api/product/{id}', () => {
  it('edits any subset of fields', async () => {
    const product = await createProduct(s.admin, { productTitle: 'Before' });
    const response = await s.admin.post(`/api/product/${product.productId}`, {
      productTitle: 'After',
      productSale: 0.5,
    });
    expect(response.statusCode).toBe(200);
    expect((await listed(s.admin)).find((p) => p.productId === product.productId)).toEqual({
      ...product,
      productTitle: 'After',
      productSale: 0.5,
    });
  });

  it('answers 404 for an unknown product and 403 to users', async () => {
    expect((await s.admin.post('/api/product/999999', { productTitle: 'x' })).statusCode).toBe(404);
    const product = await createProduct(s.admin);
    const user = await buyer(s.t);
    expect(
      (await user.post(`/api/product/${product.productId}`, { productTitle: 'x' })).statusCode,
    ).toBe(403);
  });
});

describe('DELETE /api/product/{id}', () => {
  it('erases a product nobody bought', async () => {
    const product = await createProduct(s.admin);
    expect((await s.admin.delete(`/api/product/${product.productId}`)).statusCode).toBe(200);
    expect((await listed(s.admin)).map((p) => p.productId)).not.toContain(product.productId);
    const row = await s.t.db
      .selectFrom('products')
      .selectAll()
      .where('product_id', '=', product.productId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('retires a bought product: unlisted and unbuyable, still in the purchase history', async () => {
    const product = await createProduct(s.admin, {
      productTitle: 'Bought once',
      productPrice: 100,
    });
    const user = await buyer(s.t, 1000);
    const bought = await user.post('/api/payments/checkout', {
      productId: product.productId,
      provider: 'balance',
      balance: true,
    });
    expect(bought.statusCode).toBe(200);
    expect((await s.admin.delete(`/api/product/${product.productId}`)).statusCode).toBe(200);
    expect((await listed(user)).map((p) => p.productId)).not.toContain(product.productId);
    const again = await user.post('/api/payments/checkout', {
      productId: product.productId,
      provider: 'balance',
    });
    expect(again.statusCode).toBe(404);
    const history = (await user.get('/api/transaction')).json<{
      items: { product: Product | null }[];
    }>();
    expect(history.items[0]?.product?.productTitle).toBe('Bought once');
    expect((await s.admin.delete(`/api/product/${product.productId}`)).statusCode).toBe(404);
  });

  it('is refused to users', async () => {
    const product = await createProduct(s.admin);
    const user = await buyer(s.t);
    expect((await user.delete(`/api/product/${product.productId}`)).statusCode).toBe(403);
    expect((await listed(user)).map((p) => p.productId)).toContain(product.productId);
  });
});
