import { describe, expect, it } from 'vitest';
import { buyer, createProduct, ledgerOf, storeSetup, userRow } from './store-helpers';
import { perFile } from '../helpers/setup';

const s = perFile(() => storeSetup({ sellix: true }));

const fake = () => {
  if (s.sellix === null) throw new Error('no fake sellix');
  return s.sellix;
};

function webhook(body: string, headers: Record<string, string>) {
  return s.t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/sellix',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}

describe('sellix checkout', () => {
  it('creates a payment, and order:paid fulfils it once', async () => {
    const product = await createProduct(s.admin, { productPrice: 1250, productBalance: 300 });
    const user = await buyer(s.t);
    const response = await user.post('/api/payments/checkout', {
      productId: product.productId,
      provider: 'sellix',
      redirectUrl: '/store',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { checkoutUrl } = response.json<{ checkoutUrl: string }>();
    const uniqid = checkoutUrl.split('/').pop() ?? '';
    expect(fake().payments.get(uniqid)).toMatchObject({
      value: 12.5,
      returnUrl: 'http://musicbox.test/store',
      webhook: 'http://musicbox.test/api/payments/webhook/sellix',
    });
    expect(await fake().pay(uniqid)).toBe('http://musicbox.test/store');
    expect((await userRow(s.t, user.userId)).balance).toBe(300);
    expect(await fake().sendEvent('order:paid', uniqid)).toBe(200);
    expect((await userRow(s.t, user.userId)).balance).toBe(300);
    const ledger = await ledgerOf(s.t, user.userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      provider: 'sellix',
      provider_ref: uniqid,
      amount: 1250,
      fee: 313,
    });
  });

  it('refuses a bad signature with 400 and ignores other events', async () => {
    const product = await createProduct(s.admin, { productPrice: 1000, productBalance: 300 });
    const user = await buyer(s.t);
    const response = await user.post('/api/payments/checkout', {
      productId: product.productId,
      provider: 'sellix',
    });
    const uniqid = response.json<{ checkoutUrl: string }>().checkoutUrl.split('/').pop() ?? '';
    const body = JSON.stringify({ event: 'order:paid', data: { uniqid } });
    const bad = await webhook(body, {
      'x-sellix-signature': 'ab'.repeat(64),
      'x-sellix-event': 'order:paid',
    });
    expect(bad.statusCode).toBe(400);
    expect((await webhook(body, { 'x-sellix-event': 'order:paid' })).statusCode).toBe(400);
    const tampered = await webhook(body.replace('order:paid', 'order:paid '), {
      'x-sellix-signature': fake().sign(body),
      'x-sellix-event': 'order:paid',
    });
    expect(tampered.statusCode).toBe(400);
    // Signed, but for less than the checkout asked: nothing is granted.
    const short = JSON.stringify({ event: 'order:paid', data: { uniqid, total: 1 } });
    const underpaid = await webhook(short, {
      'x-sellix-signature': fake().sign(short),
      'x-sellix-event': 'order:paid',
    });
    expect(underpaid.statusCode).toBe(400);
    expect((await userRow(s.t, user.userId)).balance).toBe(0);
    expect(await fake().sendEvent('order:created', uniqid)).toBe(200);
    expect((await userRow(s.t, user.userId)).balance).toBe(0);
    expect(await fake().sendEvent('order:paid', 'not-a-known-order')).toBe(404);
  });

  it('refuses subscriptions', async () => {
    const product = await createProduct(s.admin, { productPrice: 1000, productSubscription: true });
    const user = await buyer(s.t);
    const response = await user.post('/api/payments/checkout', {
      productId: product.productId,
      provider: 'sellix',
    });
    expect(response.statusCode).toBe(400);
  });
});
