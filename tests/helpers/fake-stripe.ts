import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { json, payPage, startFakeHttp, type FakeAnswer, type FakeRequest } from './fake-http';

export interface FakeStripeSession {
  id: string;
  mode: 'payment' | 'subscription';
  amount: number;
  title: string;
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  email: string | null;
  status: 'open' | 'complete';
  subscription: string | null;
}

export interface FakeStripe {
  /** Base URL for STRIPE_API_URL. */
  url: string;
  sessions: Map<string, FakeStripeSession>;
  /** Subscription ids cancelled through DELETE /v1/subscriptions/:id. */
  cancelled: string[];
  /** Where "Pay" delivers the webhook; may be set after start (once the app listens). */
  webhookUrl: string;
  /** Signs and delivers an event as Stripe would; answers the app's HTTP status. */
  sendEvent(
    type: string,
    object: unknown,
    options?: { id?: string; timestamp?: number },
  ): Promise<number>;
  /** What sendEvent would POST: body and Stripe-Signature header. */
  signEvent(
    type: string,
    object: unknown,
    options?: { id?: string; timestamp?: number },
  ): { body: string; signature: string; id: string };
  /** POST /pay/:id as the browser's "Pay" button does; answers the redirect location. */
  pay(sessionId: string): Promise<string>;
  close(): Promise<void>;
}

const randomId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const stripeError = (status: number, type: string, message: string) =>
  json(status, { error: { type, message } });

/**
 * A local stand-in for the Stripe API the app's SDK calls (Checkout Sessions, subscription
 * cancel), with a hosted page at each session's url whose "Pay" button sends the signed
 * checkout.session.completed webhook and redirects to success_url, as Stripe does.
 */
export async function startFakeStripe(options: {
  webhookUrl: string;
  webhookSecret: string;
}): Promise<FakeStripe> {
  const signer = new Stripe('sk_test_fake');
  const sessions = new Map<string, FakeStripeSession>();
  const cancelled: string[] = [];
  let base = '';

  const signEvent: FakeStripe['signEvent'] = (type, object, opts = {}) => {
    const id = opts.id ?? randomId('evt');
    const body = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.webhookSecret,
      ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
    });
    return { body, signature, id };
  };

  const fake: FakeStripe = {
    url: '',
    sessions,
    cancelled,
    webhookUrl: options.webhookUrl,
    signEvent,
    async sendEvent(type, object, opts) {
      const { body, signature } = signEvent(type, object, opts);
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
      return response.status;
    },
    async pay(sessionId) {
      const response = await fetch(`${base}/pay/${sessionId}`, {
        method: 'POST',
        redirect: 'manual',
      });
      return response.headers.get('location') ?? '';
    },
    close: () => server.close(),
  };

  const sessionJson = (s: FakeStripeSession) => ({
    id: s.id,
    object: 'checkout.session',
    mode: s.mode,
    url: s.status === 'open' ? `${base}/pay/${s.id}` : null,
    status: s.status,
    payment_status: s.status === 'complete' ? 'paid' : 'unpaid',
    amount_total: s.amount,
    currency: 'eur',
    client_reference_id: s.clientReferenceId,
    customer_email: s.email,
    metadata: s.metadata,
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
    subscription: s.subscription,
  });

  const handle = async (req: FakeRequest): Promise<FakeAnswer> => {
    const [path] = req.path.split('?');
    const parts = (path ?? '').split('/').filter(Boolean);
    if (parts[0] === 'v1' && !/^Bearer sk_/.test(req.headers.authorization ?? '')) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    // The admins' key check: a harmless authenticated read.
    if (req.method === 'GET' && path === '/v1/balance') {
      return json(200, {
        object: 'balance',
        livemode: false,
        available: [{ amount: 0, currency: 'eur' }],
        pending: [{ amount: 0, currency: 'eur' }],
      });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const form = new URLSearchParams(req.body);
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      const mode = form.get('mode');
      const successUrl = form.get('success_url');
      if ((mode !== 'payment' && mode !== 'subscription') || successUrl === null) {
        return stripeError(400, 'invalid_request_error', 'mode and success_url are required');
      }
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(400, 'invalid_request_error', 'unit_amount must be at least 50 cents');
      }
      if (
        mode === 'subscription' &&
        form.get('line_items[0][price_data][recurring][interval]') === null
      ) {
        return stripeError(400, 'invalid_request_error', 'A subscription needs a recurring price');
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m?.[1] !== undefined) metadata[m[1]] = value;
      }
      const session: FakeStripeSession = {
        id: randomId('cs'),
        mode,
        amount,
        title: form.get('line_items[0][price_data][product_data][name]') ?? '',
        successUrl,
        cancelUrl: form.get('cancel_url') ?? successUrl,
        clientReferenceId: form.get('client_reference_id'),
        metadata,
        email: form.get('customer_email'),
        status: 'open',
        subscription: null,
      };
      sessions.set(session.id, session);
      return json(200, sessionJson(session));
    }
    if (
      parts[0] === 'v1' &&
      parts[1] === 'checkout' &&
      parts[2] === 'sessions' &&
      req.method === 'GET'
    ) {
      const session = sessions.get(parts[3] ?? '');
      if (!session) return stripeError(404, 'invalid_request_error', 'No such checkout.session');
      return json(200, sessionJson(session));
    }
    if (parts[0] === 'v1' && parts[1] === 'subscriptions' && parts[2] !== undefined) {
      if (req.method === 'DELETE') cancelled.push(parts[2]);
      return json(200, {
        id: parts[2],
        object: 'subscription',
        status: req.method === 'DELETE' ? 'canceled' : 'active',
      });
    }
    if (parts[0] === 'pay' && parts[1] !== undefined) {
      const session = sessions.get(parts[1]);
      if (!session) return { status: 404, body: 'No such payment' };
      if (req.method === 'GET') return payPage(session.title, session.amount, `/pay/${session.id}`);
      if (session.status === 'open') {
        session.status = 'complete';
        if (session.mode === 'subscription') session.subscription = randomId('sub');
        await fake.sendEvent('checkout.session.completed', sessionJson(session));
      }
      return { status: 303, headers: { location: session.successUrl } };
    }
    return stripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${req.method} ${path})`,
    );
  };

  const server = await startFakeHttp(handle);
  base = server.url;
  fake.url = server.url;
  return fake;
}
