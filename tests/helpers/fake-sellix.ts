import { createHmac, randomBytes } from 'node:crypto';
import { json, payPage, startFakeHttp, type FakeAnswer, type FakeRequest } from './fake-http';

export interface FakeSellixPayment {
  uniqid: string;
  title: string;
  value: number;
  returnUrl: string;
  webhook: string;
  paid: boolean;
}

export interface FakeSellix {
  /** Base URL for SELLIX_API_URL. */
  url: string;
  payments: Map<string, FakeSellixPayment>;
  /** Overrides the payment's own webhook address (the app may not listen on PUBLIC_URL). */
  webhookUrl: string;
  sign(body: string): string;
  sendEvent(event: string, uniqid: string): Promise<number>;
  pay(uniqid: string): Promise<string>;
  close(): Promise<void>;
}

/** A local stand-in for Sellix's payments API and hosted page, with HMAC-signed webhooks. */
export async function startFakeSellix(options: {
  webhookUrl: string;
  webhookSecret: string;
}): Promise<FakeSellix> {
  const payments = new Map<string, FakeSellixPayment>();
  let base = '';
  const sign = (body: string) =>
    createHmac('sha512', options.webhookSecret).update(body).digest('hex');

  const fake: FakeSellix = {
    url: '',
    payments,
    webhookUrl: options.webhookUrl,
    sign,
    async sendEvent(event, uniqid) {
      const payment = payments.get(uniqid);
      const body = JSON.stringify({
        event,
        data: { uniqid, total: payment?.value ?? 0, currency: 'EUR', status: 'COMPLETED' },
      });
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-sellix-signature': sign(body),
          'x-sellix-event': event,
        },
        body,
      });
      return response.status;
    },
    async pay(uniqid) {
      const response = await fetch(`${base}/pay/${uniqid}`, { method: 'POST', redirect: 'manual' });
      return response.headers.get('location') ?? '';
    },
    close: () => server.close(),
  };

  const handle = async (req: FakeRequest): Promise<FakeAnswer> => {
    const parts = (req.path.split('?')[0] ?? '').split('/').filter(Boolean);
    // The admins' key check reads the product list.
    if (req.method === 'GET' && parts[0] === 'v1' && parts[1] === 'products') {
      if (!/^Bearer .+/.test(req.headers.authorization ?? '')) {
        return json(401, { status: 401, error: 'Unauthorized' });
      }
      return json(200, { status: 200, data: { products: [] } });
    }
    if (req.method === 'POST' && parts[0] === 'v1' && parts[1] === 'payments') {
      if (!/^Bearer .+/.test(req.headers.authorization ?? '')) {
        return json(401, { status: 401, error: 'Unauthorized' });
      }
      const body = JSON.parse(req.body) as Record<string, unknown>;
      if (
        body.currency !== 'EUR' ||
        typeof body.value !== 'number' ||
        typeof body.title !== 'string'
      ) {
        return json(400, { status: 400, error: 'title, value and currency are required' });
      }
      const payment: FakeSellixPayment = {
        uniqid: randomBytes(8).toString('hex'),
        title: body.title,
        value: body.value,
        returnUrl: String(body.return_url ?? ''),
        webhook: String(body.webhook ?? ''),
        paid: false,
      };
      payments.set(payment.uniqid, payment);
      return json(200, {
        status: 200,
        data: { url: `${base}/pay/${payment.uniqid}`, uniqid: payment.uniqid },
      });
    }
    if (parts[0] === 'pay' && parts[1] !== undefined) {
      const payment = payments.get(parts[1]);
      if (!payment) return { status: 404, body: 'No such payment' };
      if (req.method === 'GET') {
        return payPage(payment.title, Math.round(payment.value * 100), `/pay/${payment.uniqid}`);
      }
      if (!payment.paid) {
        payment.paid = true;
        await fake.sendEvent('order:paid', payment.uniqid);
      }
      return { status: 303, headers: { location: payment.returnUrl } };
    }
    return json(404, { status: 404, error: 'Not found' });
  };

  const server = await startFakeHttp(handle);
  base = server.url;
  fake.url = server.url;
  return fake;
}
