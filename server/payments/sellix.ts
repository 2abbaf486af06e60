import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { BadGateway, BadRequest } from '../errors';
import type {
  ExternalProvider,
  HostedCheckout,
  HostedCheckoutInput,
  WebhookEvent,
} from './provider';

export interface SellixSettings {
  apiKey: string;
  webhookSecret: string;
  apiUrl: string;
}

const PaymentAnswer = z.object({
  data: z.object({ url: z.string().url(), uniqid: z.string().min(1) }),
});
const WebhookBody = z.object({
  event: z.string().optional(),
  // The order's total in currency units; checked against the checkout like Stripe's amount.
  data: z.object({ uniqid: z.string().min(1), total: z.coerce.number().finite().optional() }),
});

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Sellix has no SDK: its REST payments endpoint and HMAC-signed webhooks, over fetch. */
export class SellixProvider implements ExternalProvider {
  readonly name = 'sellix' as const;

  constructor(private readonly settings: SellixSettings) {}

  async createCheckout(input: HostedCheckoutInput): Promise<HostedCheckout> {
    if (input.subscription) throw new BadRequest('Subscriptions can only be paid with stripe');
    let response: Response;
    try {
      response = await fetch(`${this.settings.apiUrl}/v1/payments`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.settings.apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          title: input.title,
          // Sellix takes the amount in currency units.
          value: input.amount / 100,
          currency: 'EUR',
          quantity: 1,
          email: input.email,
          white_label: false,
          return_url: input.successUrl,
          webhook: input.webhookUrl,
          custom_fields: { checkoutId: String(input.checkoutId) },
        }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new BadGateway(`Sellix did not answer: ${(error as Error).message}`);
    }
    const parsed = PaymentAnswer.safeParse(await response.json().catch(() => null));
    if (!response.ok || !parsed.success) {
      throw new BadGateway(`Sellix did not accept the payment (HTTP ${response.status})`);
    }
    return { url: parsed.data.data.url, reference: parsed.data.data.uniqid };
  }

  async check(): Promise<void> {
    let response: Response;
    try {
      response = await fetch(`${this.settings.apiUrl}/v1/products`, {
        headers: { authorization: `Bearer ${this.settings.apiKey}` },
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new BadGateway(`Sellix could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) throw new BadGateway(`Sellix refused the key (HTTP ${response.status})`);
  }

  cancelSubscription(): Promise<void> {
    return Promise.reject(new BadRequest('Sellix subscriptions are not supported'));
  }

  parseWebhook(raw: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent {
    const signature = header(headers, 'x-sellix-signature') ?? '';
    const expected = createHmac('sha512', this.settings.webhookSecret).update(raw).digest();
    const given = /^[0-9a-f]+$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new BadRequest('Invalid Sellix signature');
    }
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new BadRequest('Sellix webhook body is not JSON');
    }
    const body = WebhookBody.safeParse(json);
    if (!body.success) throw new BadRequest('Sellix webhook body has no data.uniqid');
    const event = header(headers, 'x-sellix-event') ?? body.data.event ?? '';
    // Sellix signs no timestamp and sends no event id: the order and event name identify it.
    const id = `${event}:${body.data.data.uniqid}`;
    if (event !== 'order:paid') return { id, kind: 'ignored' };
    return {
      id,
      kind: 'checkout_paid',
      checkoutId: null,
      reference: body.data.data.uniqid,
      subscriptionRef: null,
      amount: body.data.data.total === undefined ? null : Math.round(body.data.data.total * 100),
    };
  }
}
