import Stripe from 'stripe';
import { BadGateway, BadRequest } from '../errors';
import type {
  ExternalProvider,
  HostedCheckout,
  HostedCheckoutInput,
  WebhookEvent,
} from './provider';

/** Stripe refuses events signed longer ago than this (replays of captured deliveries). */
const TOLERANCE_SECONDS = 300;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiUrl: URL | null;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** Checkout Sessions in payment and subscription mode, cancellation, signed webhooks. */
export class StripeProvider implements ExternalProvider {
  readonly name = 'stripe' as const;
  private readonly client: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const url = settings.apiUrl;
    this.client = new Stripe(settings.secretKey, {
      maxNetworkRetries: 0,
      timeout: 15_000,
      ...(url === null
        ? {}
        : {
            host: url.hostname,
            port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
            protocol: url.protocol === 'https:' ? 'https' : 'http',
          }),
    });
  }

  async createCheckout(input: HostedCheckoutInput): Promise<HostedCheckout> {
    const priceData = {
      currency: 'eur',
      unit_amount: input.amount,
      product_data: { name: input.title },
      ...(input.subscription ? { recurring: { interval: 'month' as const } } : {}),
    };
    try {
      const session = await this.client.checkout.sessions.create({
        mode: input.subscription ? 'subscription' : 'payment',
        line_items: [{ price_data: priceData, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: String(input.checkoutId),
        customer_email: input.email,
        metadata: { checkoutId: String(input.checkoutId) },
      });
      if (session.url === null) throw new Error('Stripe answered a session without a url');
      return { url: session.url, reference: session.id };
    } catch (error) {
      throw new BadGateway(`Stripe did not accept the payment: ${(error as Error).message}`);
    }
  }

  async check(): Promise<void> {
    try {
      await this.client.balance.retrieve();
    } catch (error) {
      throw new BadGateway(`Stripe refused the key: ${(error as Error).message}`);
    }
  }

  async cancelSubscription(reference: string): Promise<void> {
    try {
      await this.client.subscriptions.cancel(reference);
    } catch (error) {
      throw new BadGateway(`Stripe did not cancel the subscription: ${(error as Error).message}`);
    }
  }

  parseWebhook(raw: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent {
    const signature = header(headers, 'stripe-signature');
    if (signature === undefined) throw new BadRequest('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.client.webhooks.constructEvent(
        raw,
        signature,
        this.settings.webhookSecret,
        TOLERANCE_SECONDS,
      );
    } catch {
      throw new BadRequest('Invalid Stripe signature');
    }
    return toWebhookEvent(event);
  }
}

function toWebhookEvent(event: Stripe.Event): WebhookEvent {
  const ignored = { id: event.id, kind: 'ignored' } as const;
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    if (session.payment_status === 'unpaid') return ignored;
    const checkoutId = Number(session.metadata?.checkoutId ?? session.client_reference_id);
    return {
      id: event.id,
      kind: 'checkout_paid',
      checkoutId: Number.isSafeInteger(checkoutId) ? checkoutId : null,
      reference: session.id,
      subscriptionRef: idOf(session.subscription),
      amount: session.amount_total ?? null,
    };
  }
  if (event.type === 'invoice.paid') {
    const invoice = event.data.object;
    // The first invoice is paid together with the checkout, which already recorded the sale.
    if (invoice.billing_reason === 'subscription_create') return ignored;
    const ref = idOf(invoice.parent?.subscription_details?.subscription);
    if (ref === null) return ignored;
    const end = invoice.lines.data[0]?.period.end;
    return {
      id: event.id,
      kind: 'renewal',
      subscriptionRef: ref,
      amount: invoice.amount_paid,
      nextCharge: end === undefined ? null : new Date(end * 1000).toISOString(),
    };
  }
  if (event.type === 'invoice.payment_failed') {
    const ref = idOf(event.data.object.parent?.subscription_details?.subscription);
    return ref === null
      ? ignored
      : { id: event.id, kind: 'subscription_ended', subscriptionRef: ref };
  }
  if (event.type === 'customer.subscription.deleted') {
    return { id: event.id, kind: 'subscription_ended', subscriptionRef: event.data.object.id };
  }
  return ignored;
}
