/** What the checkout needs from a hosted payment page provider (Stripe, Sellix). */
export interface HostedCheckoutInput {
  checkoutId: number;
  title: string;
  amount: number;
  /** Monthly recurring charge (a subscription product). */
  subscription: boolean;
  email: string;
  successUrl: string;
  cancelUrl: string;
  webhookUrl: string;
}

export interface HostedCheckout {
  url: string;
  /** The provider's id for it, matched again when its webhook arrives. */
  reference: string;
}

/** A verified webhook, reduced to what fulfilment acts on. */
export type WebhookEvent =
  | {
      id: string;
      kind: 'checkout_paid';
      /** Our checkout id when the provider echoes it back, else its own reference. */
      checkoutId: number | null;
      reference: string;
      subscriptionRef: string | null;
      /** Cents the provider says were charged, when it says so. */
      amount: number | null;
    }
  | {
      id: string;
      kind: 'renewal';
      subscriptionRef: string;
      amount: number;
      nextCharge: string | null;
    }
  | { id: string; kind: 'subscription_ended'; subscriptionRef: string }
  | { id: string; kind: 'ignored' };

export interface ExternalProvider {
  readonly name: 'stripe' | 'sellix';
  createCheckout(input: HostedCheckoutInput): Promise<HostedCheckout>;
  cancelSubscription(reference: string): Promise<void>;
  /** A harmless authenticated read with the configured key; throws BadGateway when refused. */
  check(): Promise<void>;
  /** Verifies the signature over the raw body; throws BadRequest when it does not hold. */
  parseWebhook(raw: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}
