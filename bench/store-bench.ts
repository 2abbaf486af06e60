import { sectionMarkers, writeBenchSection } from './report-section';
// The store's money figures over real HTTP against the server process: 100 concurrent balance
// purchases (SQLite and PostgreSQL), one webhook delivered 20 times at once, and a kill -9
// between the provider's "paid" and the commit. Writes its section of docs/benchmarks.md.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startFakeStripe, type FakeStripe } from '../tests/helpers/fake-stripe';
import { startServer, type RunningServer } from './server-process';

const PASSWORD = 'bench-password-1';
const SECRET = 'whsec_bench';
const MARKERS = sectionMarkers('store-bench');

interface Api {
  call(method: string, path: string, body?: unknown, cookie?: string): Promise<Response>;
}

function api(server: RunningServer): Api {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(server.cookie)?.[1] ?? '';
  return {
    call: (method, path, body, cookie = server.cookie) =>
      fetch(`${server.base}${path}`, {
        method,
        headers: { cookie, 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}

async function json<T>(response: Promise<Response>): Promise<T> {
  const r = await response;
  if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** A user signed up over HTTP, with its session cookie and the admin-set balance. */
async function makeBuyer(server: RunningServer, name: string, balance: number) {
  const a = api(server);
  const registered = await a.call(
    'POST',
    '/api/register',
    {
      username: name,
      email: `${name}@example.com`,
      password: 'password-123',
      name: '',
      emailMarketing: false,
    },
    server.cookie.split('; ')[0],
  );
  if (!registered.ok) throw new Error(`register: ${await registered.text()}`);
  const session = registered.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const cookie = `${server.cookie.split('; ')[0]}; ${session}`;
  const { user } = await json<{ user: { userId: number } }>(
    a.call('GET', '/api/user', undefined, cookie),
  );
  await json(a.call('POST', `/api/user/${user.userId}`, { userBalance: balance }));
  return { userId: user.userId, cookie };
}

async function balanceOf(server: RunningServer, userId: number): Promise<number> {
  const { user } = await json<{ user: { userBalance: number } }>(
    api(server).call('GET', `/api/user/${userId}`),
  );
  return user.userBalance;
}

async function ledger(server: RunningServer, userId: number) {
  const page = await json<{ items: { transactionUserId: number; transactionAmount: number }[] }>(
    api(server).call('GET', '/api/transaction?all=true'),
  );
  return page.items.filter((i) => i.transactionUserId === userId);
}

async function concurrentPurchases(label: string, env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-store-bench-'));
  const server = await startServer(dataDir, PASSWORD, { ...env, RATE_LIMIT_SCALE: '1000' });
  try {
    const a = api(server);
    const product = await json<{ productId: number }>(
      a.call('PUT', '/api/product', { productTitle: 'Bench', productPrice: 100 }),
    );
    const buyer = await makeBuyer(server, 'benchbuyer', 3700);
    const started = performance.now();
    const codes = await Promise.all(
      Array.from({ length: 100 }, () =>
        a
          .call(
            'POST',
            '/api/payments/checkout',
            { productId: product.productId, provider: 'balance' },
            buyer.cookie,
          )
          .then(async (r) => (await r.arrayBuffer(), r.status)),
      ),
    );
    const ms = performance.now() - started;
    const rows = await ledger(server, buyer.userId);
    return {
      label,
      ok: codes.filter((c) => c === 200).length,
      refused: codes.filter((c) => c === 400).length,
      balance: await balanceOf(server, buyer.userId),
      ledgerRows: rows.length,
      ledgerSum: rows.reduce((n, r) => n + r.transactionAmount, 0),
      ms,
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function stripeCheckout(
  server: RunningServer,
  stripe: FakeStripe,
  cookie: string,
  productId: number,
) {
  const { checkoutUrl } = await json<{ checkoutUrl: string }>(
    api(server).call('POST', '/api/payments/checkout', { productId, provider: 'stripe' }, cookie),
  );
  const session = stripe.sessions.get(checkoutUrl.split('/').pop() ?? '');
  if (!session) throw new Error('no session');
  return stripe.signEvent('checkout.session.completed', {
    id: session.id,
    object: 'checkout.session',
    payment_status: 'paid',
    client_reference_id: session.clientReferenceId,
    metadata: session.metadata,
    subscription: null,
  });
}

const deliver = (base: string, event: { body: string; signature: string }) =>
  fetch(`${base}/api/payments/webhook/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.body,
  });

async function webhookFigures() {
  const dataDir = await mkdtemp(join(tmpdir(), 'musicbox-store-bench-'));
  const stripe = await startFakeStripe({ webhookUrl: '', webhookSecret: SECRET });
  const env = {
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: stripe.url,
  };
  let server = await startServer(dataDir, PASSWORD, { ...env, RATE_LIMIT_SCALE: '1000' });
  try {
    await json(
      api(server).call('POST', '/api/settings', { paymentProviders: ['balance', 'stripe'] }),
    );
    const product = await json<{ productId: number }>(
      api(server).call('PUT', '/api/product', {
        productTitle: 'Bench',
        productPrice: 300,
        productBalance: 1000,
      }),
    );
    const buyer = await makeBuyer(server, 'benchhooks', 0);
    const event = await stripeCheckout(server, stripe, buyer.cookie, product.productId);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        deliver(server.base, event).then((r) => r.json() as Promise<{ fulfilled?: boolean }>),
      ),
    );
    const twenty = {
      ms: performance.now() - started,
      fulfilled: answers.filter((a) => a.fulfilled === true).length,
      balance: await balanceOf(server, buyer.userId),
      ledgerRows: (await ledger(server, buyer.userId)).length,
    };

    // kill -9 between "paid" and the commit, then the provider's retry.
    await server.stop();
    server = await startServer(dataDir, PASSWORD, { ...env, STORE_CRASH_BEFORE_FULFIL: '1' });
    const victim = await makeBuyer(server, 'benchcrash', 0);
    const crashEvent = await stripeCheckout(server, stripe, victim.cookie, product.productId);
    const exited = new Promise<string | null>((resolve) =>
      server.child.once('exit', (_c, signal) => resolve(signal)),
    );
    const during = await deliver(server.base, crashEvent).then(
      (r) => `HTTP ${r.status}`,
      () => 'connection dropped',
    );
    const signal = await exited;
    server = await startServer(dataDir, PASSWORD, env);
    const afterRestart = {
      balance: await balanceOf(server, victim.userId),
      ledgerRows: (await ledger(server, victim.userId)).length,
    };
    const retry = (await (await deliver(server.base, crashEvent)).json()) as {
      fulfilled?: boolean;
    };
    const replay = (await (await deliver(server.base, crashEvent)).json()) as {
      fulfilled?: boolean;
    };
    const crash = {
      during,
      signal,
      afterRestart,
      retryFulfilled: retry.fulfilled === true,
      replayFulfilled: replay.fulfilled === true,
      balance: await balanceOf(server, victim.userId),
      ledgerRows: (await ledger(server, victim.userId)).length,
    };
    return { twenty, crash };
  } finally {
    await server.stop().catch(() => undefined);
    await stripe.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function postgresUrl(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `musicbox_store_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function storeBench(): Promise<void> {
  console.log('store: 100 concurrent balance purchases...');
  const runs = [await concurrentPurchases('SQLite', {})];
  const pgDb = await postgresUrl();
  if (pgDb) {
    try {
      runs.push(await concurrentPurchases('PostgreSQL', { DATABASE_URL: pgDb.url }));
    } finally {
      await pgDb.drop();
    }
  }
  console.log('store: webhooks and the crash...');
  const { twenty, crash } = await webhookFigures();
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    MARKERS.begin,
    `## Store (\`npx tsx bench/store-bench.ts\`, also run by \`npm run bench\`, ${date})`,
    '',
    'Real HTTP against the server process. A balance of 37.00 EUR, a product at 1.00 EUR, 100 purchases sent at once:',
    '',
    '| database | succeeded | refused | balance after | ledger rows | ledger sum | wall time | target |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map(
      (r) =>
        `| ${r.label} | ${r.ok} | ${r.refused} | ${r.balance} | ${r.ledgerRows} | ${r.ledgerSum} | ${r.ms.toFixed(0)} ms | exactly 37, balance 0, sum 3700 |`,
    ),
    '',
    '| measure | figure | target |',
    '| --- | --- | --- |',
    `| one signed checkout.session.completed delivered 20 times at once (SQLite) | fulfilled ${twenty.fulfilled}×, balance ${twenty.balance}, ${twenty.ledgerRows} ledger row, ${twenty.ms.toFixed(0)} ms | fulfilled once |`,
    `| kill -9 inside the fulfilment transaction (STORE_CRASH_BEFORE_FULFIL=1) | ${crash.during}, process ended by ${crash.signal ?? 'exit'}; after restart balance ${crash.afterRestart.balance}, ${crash.afterRestart.ledgerRows} ledger rows | nothing half-applied |`,
    `| the provider's retry after the restart, then a replay | retry fulfilled: ${crash.retryFulfilled}, replay fulfilled: ${crash.replayFulfilled}; balance ${crash.balance}, ${crash.ledgerRows} ledger row | exactly once |`,
    MARKERS.end,
  ].join('\n');
  await writeBenchSection(MARKERS, section);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await storeBench();
}
