import { describe, expect, it } from 'vitest';
import type { Product } from '../../domain/store';
import { BASE_ROLE } from '../helpers/base-role';
import { ADMIN_PASSWORD, crashBench, type CrashBench } from './crash-server';
import { HttpClient } from './http-client';

const PRICE = 100;
const START_BALANCE = 100_000;
const BUYERS = 4;
const EACH = 25;

async function buyer(bench: CrashBench, url: string, name: string): Promise<HttpClient> {
  const client = new HttpClient(url);
  await client.json('POST', '/api/register', {
    username: name,
    email: `${name}@example.com`,
    password: 'password-123',
    name: '',
    emailMarketing: false,
  });
  const role = await bench.db
    .insertInto('roles')
    .values({ ...BASE_ROLE, role_name: `${name}-role`, enable_store: 1 })
    .returning('role_id')
    .executeTakeFirstOrThrow();
  await bench.db
    .updateTable('users')
    .set({ role_id: role.role_id, balance: START_BALANCE, remaining_invites: 0 })
    .where('user_name', '=', name)
    .execute();
  return client;
}

const ledgerRows = async (bench: CrashBench) =>
  Number(
    (
      await bench.db
        .selectFrom('ledger')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * kill -9 while many balance purchases run at once (issue 31 §3): each purchase is one
 * transaction, so after the restart every buyer's balance, ledger rows and what they bought
 * (invites here) agree to the cent, whichever purchases the kill cut.
 */
describe('kill -9 during purchases', () => {
  it('leaves every purchase whole or absent: balance, ledger and unlocks agree', async () => {
    const bench = await crashBench();
    try {
      let server = await bench.start();
      const admin = new HttpClient(server.url);
      await admin.login('admin', ADMIN_PASSWORD);
      await bench.db
        .insertInto('settings')
        .values({ key: 'paymentProviders', value: JSON.stringify(['balance']) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(['balance']) }))
        .execute();
      const product = await admin.json<Product>('PUT', '/api/product', {
        productTitle: 'One invite',
        productPrice: PRICE,
        productInvites: 1,
      });
      const names = Array.from({ length: BUYERS }, (_, i) => `crashbuyer${i + 1}`);
      const buyers = [];
      for (const name of names) buyers.push(await buyer(bench, server.url, name));

      const buy = (client: HttpClient) =>
        client
          .request('POST', '/api/payments/checkout', {
            json: { productId: product.productId, provider: 'balance' },
          })
          .then((r) => r.status)
          .catch(() => 'cut' as const);
      const purchases = buyers.flatMap((client) => Array.from({ length: EACH }, () => buy(client)));
      for (let i = 0; (await ledgerRows(bench)) === 0; i++) {
        if (i > 3000) throw new Error('no purchase landed');
        await new Promise((done) => setTimeout(done, 5));
      }
      await server.kill9();
      const answers = await Promise.all(purchases);
      const atKill = await ledgerRows(bench);
      console.log(`killed with ${atKill} of ${BUYERS * EACH} purchases in the ledger`);
      expect(answers).toContain('cut');
      expect(atKill).toBeLessThan(BUYERS * EACH);

      server = await bench.start();
      const check = async () => {
        for (const name of names) {
          const user = await bench.db
            .selectFrom('users')
            .select(['user_id', 'balance', 'remaining_invites'])
            .where('user_name', '=', name)
            .executeTakeFirstOrThrow();
          const ledger = await bench.db
            .selectFrom('ledger')
            .select(['amount', 'product_id'])
            .where('user_id', '=', user.user_id)
            .execute();
          const spent = ledger.reduce((sum, row) => sum + Number(row.amount), 0);
          expect(START_BALANCE - user.balance).toBe(spent);
          expect(user.remaining_invites).toBe(ledger.length);
          expect(spent).toBe(ledger.length * PRICE);
          for (const row of ledger) expect(row.product_id).toBe(product.productId);
        }
      };
      await check();
      // The restarted server takes purchases again, and they add up the same way.
      const again = buyers[0]!;
      again.baseUrl = server.url;
      await again.login(names[0]!, 'password-123');
      expect(await buy(again)).toBe(200);
      await check();
      await server.kill9();
    } finally {
      await bench.close();
    }
  }, 180_000);
});
