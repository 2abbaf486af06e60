import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../domain/store';
import { buyer, createProduct, ledgerOf, setProviders, storeSetup, userRow } from './store-helpers';
import { perFile } from '../helpers/setup';

const s = perFile(() => storeSetup());

const DAY = 24 * 60 * 60 * 1000;

describe('POST /api/payments/checkout with balance', () => {
  it('takes the price from the balance and applies the product at once', async () => {
    const product = await createProduct(s.admin, {
      productPrice: 500,
      productRole: 1,
      productRoleDuration: 30,
      productInvites: 3,
      productBalance: 200,
    });
    const user = await buyer(s.t, 1000);
    const response = await user.post('/api/payments/checkout', {
      productId: product.productId,
      balance: true,
      provider: 'balance',
      redirectUrl: '/store',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ checkoutUrl?: string | null }>().checkoutUrl ?? null).toBeNull();
    const row = await userRow(s.t, user.userId);
    expect(row.balance).toBe(1000 - 500 + 200);
    expect(row.role_id).toBe(1);
    expect(row.remaining_invites).toBe(3);
    const expires = Date.parse(row.role_expiration ?? '');
    expect(Math.abs(expires - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
  });

  it('extends an unexpired role of the same kind from its end', async () => {
    const product = await createProduct(s.admin, {
      productPrice: 100,
      productRole: 1,
      productRoleDuration: 10,
    });
    const user = await buyer(s.t, 1000);
    for (let i = 0; i < 2; i++) {
      await user.post('/api/payments/checkout', {
        productId: product.productId,
        provider: 'balance',
      });
    }
    const expires = Date.parse((await userRow(s.t, user.userId)).role_expiration ?? '');
    expect(Math.abs(expires - (Date.now() + 20 * DAY))).toBeLessThan(60_000);
  });

  it('refuses a price above the balance and changes nothing', async () => {
    const product = await createProduct(s.admin, { productPrice: 600, productInvites: 1 });
    const user = await buyer(s.t, 599);
    const response = await user.post('/api/payments/checkout', {
      productId: product.productId,
      provider: 'balance',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/balance is too low/);
    const row = await userRow(s.t, user.userId);
    expect([row.balance, row.remaining_invites]).toEqual([599, 0]);
    expect(await ledgerOf(s.t, user.userId)).toEqual([]);
    const checkouts = await s.t.db
      .selectFrom('checkouts')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute();
    expect(checkouts).toEqual([]);
  });

  it('records the 25% fee and the seller net on every sale, rounded half up', async () => {
    const product = await createProduct(s.admin, { productPrice: 799 });
    const user = await buyer(s.t, 1000);
    await user.post('/api/payments/checkout', {
      productId: product.productId,
      provider: 'balance',
    });
    const [entry] = await ledgerOf(s.t, user.userId);
    // 799 * 25 / 100 = 199.75 -> 200
    expect(entry).toMatchObject({
      kind: 'purchase',
      amount: 799,
      fee: 200,
      seller_net: 599,
      provider: 'balance',
    });
  });

  it('refuses balance when the setting leaves it out', async () => {
    const product = await createProduct(s.admin, { productPrice: 100 });
    const user = await buyer(s.t, 1000);
    await setProviders(s.t, ['stripe']);
    try {
      const response = await user.post('/api/payments/checkout', {
        productId: product.productId,
        provider: 'balance',
      });
      expect(response.statusCode).toBe(400);
      expect((await userRow(s.t, user.userId)).balance).toBe(1000);
    } finally {
      await setProviders(s.t, ['balance', 'stripe', 'sellix']);
    }
  });
});

describe('POST /api/payments/checkout: bad input and access', () => {
  it('answers 400 or 404 with a message and changes nothing', async () => {
    const product = await createProduct(s.admin, { productPrice: 100 });
    const user = await buyer(s.t, 1000);
    const cases: [unknown, number][] = [
      [{ productId: 999999, provider: 'balance' }, 404],
      [{ productId: -1, provider: 'balance' }, 400],
      [{ productId: 1.5, provider: 'balance' }, 400],
      [{ productId: product.productId, provider: 'paypal' }, 400],
      [
        {
          productId: product.productId,
          provider: 'balance',
          redirectUrl: 'https://evil.example/x',
        },
        400,
      ],
      [{ productId: product.productId, provider: 'balance', redirectUrl: '//evil.example/x' }, 400],
      [{ productId: product.productId, provider: 'balance', redirectUrl: '/\\evil.example' }, 400],
      [{ productId: product.productId, provider: 'balance', balance: 500 }, 400],
      [{ provider: 'stripe', balance: 499 }, 400],
      [{ provider: 'stripe', balance: -500 }, 400],
      [{ provider: 'stripe', balance: 500.5 }, 400],
      [{ provider: 'balance', balance: 1000 }, 400],
      [{ provider: 'stripe' }, 400],
      // stripe has no keys on this server
      [{ productId: product.productId, provider: 'stripe' }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await user.post('/api/payments/checkout', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
    expect((await userRow(s.t, user.userId)).balance).toBe(1000);
    expect(await ledgerOf(s.t, user.userId)).toEqual([]);
  });

  it('accepts a same-origin absolute redirectUrl', async () => {
    const product = await createProduct(s.admin, { productPrice: 100 });
    const user = await buyer(s.t, 1000);
    const response = await user.post('/api/payments/checkout', {
      productId: product.productId,
      provider: 'balance',
      redirectUrl: 'http://musicbox.test/store?x=1',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses anonymous callers, callers without the XSRF header, and roles without the store', async () => {
    const product = await createProduct(s.admin, { productPrice: 100 });
    const user = await buyer(s.t, 1000, { enable_store: 0 });
    const body = { productId: product.productId, provider: 'balance' };
    expect((await user.post('/api/payments/checkout', body)).statusCode).toBe(403);
    const other = await buyer(s.t, 1000);
    expect((await other.post('/api/payments/checkout', body, { noXsrf: true })).statusCode).toBe(
      403,
    );
    const { TestClient } = await import('../helpers/client');
    expect((await new TestClient(s.t.app).post('/api/payments/checkout', body)).statusCode).toBe(
      401,
    );
    expect((await userRow(s.t, user.userId)).balance).toBe(1000);
    expect((await userRow(s.t, other.userId)).balance).toBe(1000);
  });

  it('refuses everyone but admins when the store is switched off', async () => {
    const product = await createProduct(s.admin, { productPrice: 100 });
    const user = await buyer(s.t, 1000);
    await s.admin.post('/api/settings', { enableStore: false });
    try {
      const response = await user.post('/api/payments/checkout', {
        productId: product.productId,
        provider: 'balance',
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await s.admin.post('/api/settings', { enableStore: true });
    }
  });
});

describe('GET /api/transaction', () => {
  it('lists one own purchases newest first; all=true is for administrators', async () => {
    const first = await createProduct(s.admin, { productTitle: 'First', productPrice: 100 });
    const second = await createProduct(s.admin, { productTitle: 'Second', productPrice: 200 });
    const user = await buyer(s.t, 1000);
    const other = await buyer(s.t, 1000);
    await user.post('/api/payments/checkout', { productId: first.productId, provider: 'balance' });
    await user.post('/api/payments/checkout', { productId: second.productId, provider: 'balance' });
    await other.post('/api/payments/checkout', { productId: first.productId, provider: 'balance' });
    const page = (await user.get('/api/transaction')).json<{
      items: Transaction[];
      nextOffset: number | null;
    }>();
    expect(page.nextOffset).toBeNull();
    expect(page.items.map((i) => i.product?.productTitle)).toEqual(['Second', 'First']);
    expect(page.items[0]).toMatchObject({
      transactionUserId: user.userId,
      transactionAmount: 200,
      transactionFee: 50,
      checkout: { checkoutProvider: 'balance', checkoutStatus: 'paid' },
      subscription: null,
      transactionKind: 'purchase',
    });
    expect(typeof page.items[0]?.transactionDate).toBe('string');
    expect((await user.get('/api/transaction?all=true')).statusCode).toBe(403);
    const all = (await s.admin.get('/api/transaction?all=true&offset=0')).json<{
      items: Transaction[];
    }>();
    expect(all.items.map((i) => i.transactionUserId)).toEqual(
      expect.arrayContaining([user.userId, other.userId]),
    );
    expect((await s.admin.get('/api/transaction?all=true&offset=-1')).statusCode).toBe(400);
  });

  it('pages by offset, 50 at a time', async () => {
    const product = await createProduct(s.admin, { productPrice: 1 });
    const user = await buyer(s.t, 1000);
    for (let i = 0; i < 52; i++) {
      await user.post('/api/payments/checkout', {
        productId: product.productId,
        provider: 'balance',
      });
    }
    const first = (await user.get('/api/transaction')).json<{
      items: Transaction[];
      nextOffset: number | null;
    }>();
    expect([first.items.length, first.nextOffset]).toEqual([50, 50]);
    const second = (await user.get('/api/transaction?offset=50')).json<{
      items: Transaction[];
      nextOffset: number | null;
    }>();
    expect([second.items.length, second.nextOffset]).toEqual([2, null]);
  });
});

describe('100 concurrent balance purchases', () => {
  it('lets exactly as many through as the balance covers, never below zero', async () => {
    const product = await createProduct(s.admin, { productPrice: 100 });
    const user = await buyer(s.t, 3700);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        user.post('/api/payments/checkout', { productId: product.productId, provider: 'balance' }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(37);
    expect(codes.filter((c) => c === 400)).toHaveLength(63);
    expect((await userRow(s.t, user.userId)).balance).toBe(0);
    const ledger = await ledgerOf(s.t, user.userId);
    expect(ledger).toHaveLength(37);
    expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(3700);
    expect(ledger.reduce((sum, e) => sum + e.fee + e.seller_net, 0)).toBe(3700);
  });
});
