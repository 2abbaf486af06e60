import type { WebhookAnswer } from '../../../domain/store';
import { nowIso, type Db } from '../../db/database';
import { BadRequest, NotFound } from '../../errors';
import type {
  Fulfilment,
  PaymentNotice,
  PaymentProviders,
  PaymentsRepository,
  WebhookEvent,
} from '../../payments';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  payments: PaymentsRepository;
}

/** Verified provider events become fulfilment calls; every one is safe to deliver twice. */
export class WebhooksService {
  private readonly payments: PaymentsRepository;

  constructor(
    private readonly db: Db,
    private readonly providers: PaymentProviders,
    private readonly fulfilment: Fulfilment,
    private readonly repos: Repositories,
  ) {
    this.payments = this.repos.payments;
  }

  async receive(
    providerName: 'stripe' | 'sellix',
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookAnswer> {
    const provider = this.providers.get(providerName);
    if (provider === undefined)
      throw new NotFound(`Payment provider ${providerName} is not set up`);
    const event = provider.parseWebhook(raw, headers);
    const fulfilled = await this.apply(providerName, event);
    return { received: true, fulfilled };
  }

  private async apply(provider: 'stripe' | 'sellix', event: WebhookEvent): Promise<boolean> {
    const notice = (providerRef: string | null): PaymentNotice => ({
      provider,
      eventId: event.id,
      providerRef,
      now: nowIso(),
    });
    switch (event.kind) {
      case 'checkout_paid': {
        const checkout =
          event.checkoutId !== null
            ? await this.payments.findCheckout(event.checkoutId)
            : await this.payments.findCheckoutByRef(provider, event.reference);
        // The event must match the checkout we opened with this provider for that payment.
        if (
          checkout === undefined ||
          checkout.provider !== provider ||
          (checkout.provider_ref !== null && checkout.provider_ref !== event.reference)
        ) {
          throw new NotFound('Unknown checkout');
        }
        if (event.amount !== null && event.amount !== checkout.amount) {
          throw new BadRequest('The amount paid does not match the checkout');
        }
        const result = await this.fulfilment.fulfilCheckout(checkout.checkout_id, {
          ...notice(event.reference),
          subscriptionRef: event.subscriptionRef,
        });
        return result.status === 'fulfilled';
      }
      case 'renewal': {
        const result = await this.fulfilment.renewSubscription(
          event.subscriptionRef,
          event.amount,
          {
            ...notice(event.subscriptionRef),
            nextCharge: event.nextCharge,
          },
        );
        return result.status === 'fulfilled';
      }
      case 'subscription_ended':
        return this.fulfilment.endSubscription(
          event.subscriptionRef,
          notice(event.subscriptionRef),
        );
      case 'ignored':
        return false;
    }
  }
}
