import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsCheck, PaymentsStatus } from '../../domain/payments-status';
import { TestClient } from '../helpers/client';
import { memberWithRole } from '../helpers/setup';
import { setProviders, storeSetup, type StoreSetup } from '../store/store-helpers';

const byName = (status: PaymentsStatus, name: string) =>
  status.providers.find((provider) => provider.provider === name);

describe('GET /api/payments/status on a server without payment keys', () => {
  let s: StoreSetup;
  beforeAll(async () => {
    s = await storeSetup();
  });
  afterAll(() => s.close());

  it('names the missing variables, never a value, and says no provider takes money', async () => {
    const response = await s.admin.get('/api/payments/status');
    expect(response.statusCode, response.body).toBe(200);
    const status = response.json<PaymentsStatus>();
    expect(status.canTakePayments).toBe(false);
    expect(byName(status, 'stripe')).toEqual({
      provider: 'stripe',
      enabled: true,
      configured: false,
      missing: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
      webhookUrl: 'http://musicbox.test/api/payments/webhook/stripe',
      testMode: null,
    });
    expect(byName(status, 'sellix')?.missing).toEqual(['SELLIX_API_KEY', 'SELLIX_WEBHOOK_SECRET']);
    expect(byName(status, 'balance')).toMatchObject({ configured: true, missing: [] });
  });

  it('answers a failed check that says what to set', async () => {
    const response = await s.admin.post('/api/payments/status/stripe/check', {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PaymentsCheck>()).toEqual({
      provider: 'stripe',
      ok: false,
      testMode: null,
      message: 'Not configured: set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET',
    });
  });

  it('is for administrators only', async () => {
    const member = await memberWithRole(s.t);
    expect((await member.get('/api/payments/status')).statusCode).toBe(403);
    expect((await member.post('/api/payments/status/stripe/check', {})).statusCode).toBe(403);
    expect((await new TestClient(s.t.app).get('/api/payments/status')).statusCode).toBe(401);
  });

  it('refuses an unknown provider with a 400', async () => {
    const response = await s.admin.post('/api/payments/status/paypal/check', {});
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/payments/status with Stripe test keys and Sellix', () => {
  let s: StoreSetup;
  beforeAll(async () => {
    s = await storeSetup({ stripe: true, sellix: true });
  });
  afterAll(() => s.close());

  it('reports both configured, Stripe in test mode, and nothing missing', async () => {
    const status = (await s.admin.get('/api/payments/status')).json<PaymentsStatus>();
    expect(status.canTakePayments).toBe(true);
    expect(byName(status, 'stripe')).toMatchObject({
      configured: true,
      missing: [],
      testMode: true,
    });
    expect(byName(status, 'sellix')).toMatchObject({ configured: true, testMode: null });
    expect(JSON.stringify(status)).not.toContain('sk_test_musicbox');
  });

  it('cannot take payments when the setting offers only balance', async () => {
    await setProviders(s.t, ['balance']);
    const status = (await s.admin.get('/api/payments/status')).json<PaymentsStatus>();
    expect(status.canTakePayments).toBe(false);
    expect(byName(status, 'stripe')).toMatchObject({ enabled: false, configured: true });
    await setProviders(s.t, ['balance', 'stripe', 'sellix']);
  });

  it('checks each key with an authenticated read at the provider', async () => {
    const stripe = await s.admin.post('/api/payments/status/stripe/check', {});
    expect(stripe.json<PaymentsCheck>()).toMatchObject({ ok: true, testMode: true });
    const sellix = await s.admin.post('/api/payments/status/sellix/check', {});
    expect(sellix.json<PaymentsCheck>()).toMatchObject({ ok: true });
  });

  it('says failed when the provider cannot be reached', async () => {
    await s.stripe?.close();
    const response = await s.admin.post('/api/payments/status/stripe/check', {});
    const check = response.json<PaymentsCheck>();
    expect(check.ok).toBe(false);
    expect(check.message).toMatch(/^Stripe refused the key/);
  });
});
