import { describe, expect, it } from 'vitest';
import { MIN_DEPOSIT_CENTS } from '../../domain/store';
import { buyer, createProduct, ledgerOf, storeSetup, userRow, type Buyer } from './store-helpers';
import { perFile } from '../helpers/setup';

const s = perFile(() => storeSetup({ stripe: true }));

const fake = () => {
  if (s.stripe === null) throw new Error('no fake stripe');
  return s.stripe;
};
const sessionIdOf = (url: string) => url.split('/').pop() ?? '';

async function startCheckout(user: Buyer, body: Record<string, unknown>) {
  const response = await user.post('/api/payments/checkout', { provider: 'stripe', ...body });
  expect(response.statusCode, response.body).toBe(200);
  const { checkoutUrl } = response.json<{ checkoutUrl: string }>();
  expect(checkoutUrl.startsWith(`${fake().url}/pay/`)).toBe(true);
  return sessionIdOf(checkoutUrl);
}

/** A checkout.session.completed event for a session, as the fake's Pay button sends it. */
function completedEvent(sessionId: string) {
  const session = fake().sessions.get(sessionId);
  if (!session) throw new Error('unknown session');
  return {
    id: session.id,
    object: 'checkout.session',
    payment_status: 'paid',
    status: 'complete',
    client_reference_id: session.clientReferenceId,
    metadata: session.metadata,
    subscription: session.subscription,
  };
}

async function webhook(body: string, signature: string) {
  return s.t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

describe('stripe checkout', () => {
  it('answers a checkoutUrl and fulfils when the signed webhook says paid', async () => {
    const product = await createProduct(s.admin, { productPrice: 700, productInvites: 2 });
    const user = await buyer(s.t);
    const sessionId = await startCheckout(user, {
      productId: product.productId,
      redirectUrl: '/store',
    });
    const session = fake().sessions.get(sessionId);
    expect(session).toMatchObject({
      mode: 'payment',
      amount: 700,
      successUrl: 'http://musicbox.test/store',
      // A buyer who cancels at the provider comes back to a page that says so.
      cancelUrl: 'http://musicbox.test/store?checkout=cancelled',
    });
    expect((await userRow(s.t, user.userId)).remaining_invites).toBe(0);

    const page = await fetch(`${fake().url}/pay/${sessionId}`);
    expect(await page.text()).toContain('Pay');
    expect(await fake().pay(sessionId)).toBe('http://musicbox.test/store');

    expect((await userRow(s.t, user.userId)).remaining_invites).toBe(2);
    const [entry] = await ledgerOf(s.t, user.userId);
    expect(entry).toMatchObject({
      provider: 'stripe',
      provider_ref: sessionId,
      amount: 700,
      fee: 175,
    });
  });

  it('tops up the balance by the amount paid', async () => {
    const user = await buyer(s.t, 100);
    const sessionId = await startCheckout(user, { balance: 1234 });
    expect(fake().sessions.get(sessionId)?.amount).toBe(1234);
    await fake().pay(sessionId);
    expect((await userRow(s.t, user.userId)).balance).toBe(1334);
    const [entry] = await ledgerOf(s.t, user.userId);
    expect(entry).toMatchObject({ kind: 'topup', amount: 1234, fee: 0 });
    expect(
      (
        await user.post('/api/payments/checkout', {
          provider: 'stripe',
          balance: MIN_DEPOSIT_CENTS - 1,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('fulfils once when the same event arrives 20 times at once, and not again on replay', async () => {
    const product = await createProduct(s.admin, { productPrice: 300, productBalance: 1000 });
    const user = await buyer(s.t);
    const sessionId = await startCheckout(user, { productId: product.productId });
    const signed = fake().signEvent('checkout.session.completed', {
      ...completedEvent(sessionId),
    });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => webhook(signed.body, signed.signature)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.filter((r) => r.json<{ fulfilled: boolean }>().fulfilled)).toHaveLength(1);
    expect((await userRow(s.t, user.userId)).balance).toBe(1000);
    // A different event about the same paid session changes nothing either.
    const other = fake().signEvent('checkout.session.completed', completedEvent(sessionId));
    expect((await webhook(other.body, other.signature)).statusCode).toBe(200);
    expect((await webhook(signed.body, signed.signature)).statusCode).toBe(200);
    expect((await userRow(s.t, user.userId)).balance).toBe(1000);
    expect(await ledgerOf(s.t, user.userId)).toHaveLength(1);
  });

  it('refuses tampered, stale and unsigned events with 400, changing nothing', async () => {
    const product = await createProduct(s.admin, { productPrice: 300, productBalance: 1000 });
    const user = await buyer(s.t);
    const sessionId = await startCheckout(user, { productId: product.productId });
    const good = fake().signEvent('checkout.session.completed', completedEvent(sessionId));
    const tampered = good.body.replace('"paid"', '"paid" ');
    expect((await webhook(tampered, good.signature)).statusCode).toBe(400);
    const stale = fake().signEvent('checkout.session.completed', completedEvent(sessionId), {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect((await webhook(stale.body, stale.signature)).statusCode).toBe(400);
    const unsigned = await s.t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers: { 'content-type': 'application/json' },
      payload: good.body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await userRow(s.t, user.userId)).balance).toBe(0);
    const events = await s.t.db
      .selectFrom('payment_events')
      .selectAll()
      .where('event_id', '=', good.id)
      .execute();
    expect(events).toEqual([]);
    // The genuine one still works afterwards.
    expect((await webhook(good.body, good.signature)).statusCode).toBe(200);
    expect((await userRow(s.t, user.userId)).balance).toBe(1000);
  });

  it('answers 404 to a signed event for an unknown checkout', async () => {
    const signed = fake().signEvent('checkout.session.completed', {
      id: 'cs_test_unknown',
      object: 'checkout.session',
      payment_status: 'paid',
      client_reference_id: '999999',
      metadata: { checkoutId: '999999' },
      subscription: null,
    });
    expect((await webhook(signed.body, signed.signature)).statusCode).toBe(404);
  });

  it('offers stripe in the public settings only because it has keys', async () => {
    const settings = (await s.admin.get('/api/settings/public')).json<{
      paymentProviders: string[];
    }>();
    expect(settings.paymentProviders).toEqual(['balance', 'stripe']);
  });
});

describe('stripe amount check', () => {
  it('refuses a paid event whose amount is not the checkout amount', async () => {
    const product = await createProduct(s.admin, { productPrice: 900, productBalance: 1000 });
    const user = await buyer(s.t);
    const sessionId = await startCheckout(user, { productId: product.productId });
    const cheap = fake().signEvent('checkout.session.completed', {
      ...completedEvent(sessionId),
      amount_total: 50,
    });
    expect((await webhook(cheap.body, cheap.signature)).statusCode).toBe(400);
    expect((await userRow(s.t, user.userId)).balance).toBe(0);
  });
});

describe('stripe subscriptions', () => {
  it('creates the subscription, renews on invoice.paid, ends on cancel', async () => {
    const product = await createProduct(s.admin, {
      productTitle: 'Monthly',
      productPrice: 900,
      productSubscription: true,
      productInvites: 1,
    });
    const user = await buyer(s.t, 5000);
    expect(
      (
        await user.post('/api/payments/checkout', {
          productId: product.productId,
          provider: 'balance',
        })
      ).statusCode,
    ).toBe(400);
    const sessionId = await startCheckout(user, { productId: product.productId });
    expect(fake().sessions.get(sessionId)?.mode).toBe('subscription');
    await fake().pay(sessionId);
    const subRef = fake().sessions.get(sessionId)?.subscription ?? '';
    const current = (await user.get('/api/payments/subscription')).json<{
      subscription: {
        subscriptionNextCharge: string;
        subscriptionActive: boolean;
        product: { productTitle: string };
      };
    }>().subscription;
    expect(current).toMatchObject({
      subscriptionActive: true,
      product: { productTitle: 'Monthly' },
    });
    expect(Date.parse(current.subscriptionNextCharge)).toBeGreaterThan(
      Date.now() + 27 * 86_400_000,
    );

    const periodEnd = Math.floor(Date.now() / 1000) + 60 * 86_400;
    const invoice = {
      id: 'in_test_1',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_paid: 900,
      parent: { type: 'subscription_details', subscription_details: { subscription: subRef } },
      lines: { object: 'list', data: [{ period: { start: 0, end: periodEnd } }] },
    };
    const renewal = fake().signEvent('invoice.paid', invoice);
    expect((await webhook(renewal.body, renewal.signature)).statusCode).toBe(200);
    expect((await webhook(renewal.body, renewal.signature)).statusCode).toBe(200);
    const renewed = (await user.get('/api/payments/subscription')).json<{
      subscription: { subscriptionNextCharge: string };
    }>().subscription;
    expect(renewed.subscriptionNextCharge).toBe(new Date(periodEnd * 1000).toISOString());
    const ledger = await ledgerOf(s.t, user.userId);
    expect(ledger.map((e) => e.kind)).toEqual(['purchase', 'renewal']);
    expect((await userRow(s.t, user.userId)).remaining_invites).toBe(2);

    expect((await user.delete('/api/payments/subscription')).statusCode).toBe(200);
    expect(fake().cancelled).toContain(subRef);
    expect((await user.get('/api/payments/subscription')).json()).toEqual({ subscription: null });
    expect((await user.delete('/api/payments/subscription')).statusCode).toBe(404);
  });

  it('ends the subscription on a failed payment or a deletion from Stripe', async () => {
    const product = await createProduct(s.admin, { productPrice: 500, productSubscription: true });
    for (const type of ['invoice.payment_failed', 'customer.subscription.deleted']) {
      const user = await buyer(s.t);
      const sessionId = await startCheckout(user, { productId: product.productId });
      await fake().pay(sessionId);
      const subRef = fake().sessions.get(sessionId)?.subscription ?? '';
      const object =
        type === 'invoice.payment_failed'
          ? {
              id: 'in_failed',
              object: 'invoice',
              parent: { subscription_details: { subscription: subRef } },
              lines: { data: [] },
            }
          : { id: subRef, object: 'subscription', status: 'canceled' };
      const event = fake().signEvent(type, object);
      expect((await webhook(event.body, event.signature)).statusCode).toBe(200);
      expect((await user.get('/api/payments/subscription')).json(), type).toEqual({
        subscription: null,
      });
    }
  });
});

describe('a provider that does not answer', () => {
  it('answers 502 and charges and grants nothing', async () => {
    const { startFakeStripe } = await import('../helpers/fake-stripe');
    const { createTestApp } = await import('../helpers/test-app');
    const { TestClient } = await import('../helpers/client');
    // A server whose Stripe is gone: the fake is started to get a free port, then stopped.
    const gone = await startFakeStripe({ webhookUrl: '', webhookSecret: 'whsec_x' });
    await gone.close();
    const t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_URL: gone.url,
      },
    });
    try {
      await t.db
        .updateTable('settings')
        .set({ value: JSON.stringify(['stripe']) })
        .where('key', '=', 'paymentProviders')
        .execute();
      const client = new TestClient(t.app);
      await client.register({ username: 'stranded' });
      const p = await t.db
        .insertInto('products')
        .values({ title: 'X', price: 700, invites: 1, created_at: new Date().toISOString() })
        .returning('product_id')
        .executeTakeFirstOrThrow();
      const response = await client.post('/api/payments/checkout', {
        productId: p.product_id,
        provider: 'stripe',
      });
      expect(response.statusCode).toBe(502);
      expect(response.json<{ error: string }>().error).toMatch(/Stripe/);
      const me = await t.db
        .selectFrom('users')
        .selectAll()
        .where('user_name', '=', 'stranded')
        .executeTakeFirstOrThrow();
      expect([me.balance, me.remaining_invites]).toEqual([0, 0]);
      expect(await t.db.selectFrom('ledger').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
