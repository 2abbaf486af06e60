import type { AddressInfo } from 'node:net';
import type { Insertable } from 'kysely';
import type { PaymentProvider } from '../../domain/settings';
import type { Product } from '../../domain/store';
import type { RolesTable } from '../../server/db/tables';
import { memberWithRole, setUpApp } from '../helpers/setup';
import { createCatalogueFixture, type CatalogueFixture } from '../helpers/catalogue-fixture';
import { TestClient } from '../helpers/client';
import { startFakeSellix, type FakeSellix } from '../helpers/fake-sellix';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { type TestApp } from '../helpers/test-app';

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_musicbox';
export const SELLIX_WEBHOOK_SECRET = 'sellix-secret-for-tests';

export interface StoreSetup {
  t: TestApp;
  admin: TestClient;
  fx: CatalogueFixture | null;
  stripe: FakeStripe | null;
  sellix: FakeSellix | null;
  /** The app's own address (when listening for the fakes' webhooks). */
  baseUrl: string | null;
  close(): Promise<void>;
}

/** A test app with the store switched on; optionally the fixture library and fake providers. */
export async function storeSetup(
  options: { fixture?: boolean; stripe?: boolean; sellix?: boolean } = {},
): Promise<StoreSetup> {
  const stripe = options.stripe
    ? await startFakeStripe({ webhookUrl: '', webhookSecret: STRIPE_WEBHOOK_SECRET })
    : null;
  const sellix = options.sellix
    ? await startFakeSellix({ webhookUrl: '', webhookSecret: SELLIX_WEBHOOK_SECRET })
    : null;
  const env: Record<string, string> = { RATE_LIMIT_SCALE: '1000' };
  if (stripe) {
    env.STRIPE_SECRET_KEY = 'sk_test_musicbox';
    env.STRIPE_WEBHOOK_SECRET = STRIPE_WEBHOOK_SECRET;
    env.STRIPE_API_URL = stripe.url;
  }
  if (sellix) {
    env.SELLIX_API_KEY = 'sellix-key';
    env.SELLIX_WEBHOOK_SECRET = SELLIX_WEBHOOK_SECRET;
    env.SELLIX_API_URL = sellix.url;
  }
  const { t, admin } = await setUpApp({ env });
  const fx = options.fixture ? await createCatalogueFixture(t) : null;
  let baseUrl: string | null = null;
  if (stripe || sellix) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    if (stripe) stripe.webhookUrl = `${baseUrl}/api/payments/webhook/stripe`;
    if (sellix) sellix.webhookUrl = `${baseUrl}/api/payments/webhook/sellix`;
  }
  await setProviders(t, ['balance', 'stripe', 'sellix']);
  return {
    t,
    admin,
    fx,
    stripe,
    sellix,
    baseUrl,
    async close() {
      await t.close();
      await stripe?.close();
      await sellix?.close();
      await fx?.cleanup();
    },
  };
}

export async function setProviders(t: TestApp, providers: PaymentProvider[]): Promise<void> {
  await t.db
    .insertInto('settings')
    .values({ key: 'paymentProviders', value: JSON.stringify(providers) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(providers) }))
    .execute();
}

export type Buyer = TestClient & { userId: number; roleId: number };

/** A signed-in user on a role of its own (store enabled) holding `balance` cents. */
export async function buyer(
  t: TestApp,
  balance = 0,
  role: Partial<Insertable<RolesTable>> = {},
): Promise<Buyer> {
  const client = await memberWithRole(t, { download_limit: 10, ...role });
  await t.db.updateTable('users').set({ balance }).where('user_id', '=', client.userId).execute();
  return client;
}

export const userRow = (t: TestApp, userId: number) =>
  t.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

export const ledgerOf = (t: TestApp, userId: number) =>
  t.db
    .selectFrom('ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('transaction_id')
    .execute();

export async function createProduct(
  admin: TestClient,
  fields: Partial<Omit<Product, 'productId'>> = {},
): Promise<Product> {
  const response = await admin.put('/api/product', {
    productTitle: 'Product',
    productPrice: 500,
    ...fields,
  });
  if (response.statusCode !== 200)
    throw new Error(`product: ${response.statusCode} ${response.body}`);
  return response.json<Product>();
}
