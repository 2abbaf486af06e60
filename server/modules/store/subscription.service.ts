import type { SubscriptionAnswer } from '../../../domain/store';
import type { Caller } from '../../access/caller';
import { nowIso, type Db } from '../../db/database';
import { BadRequest, NotFound } from '../../errors';
import type { PaymentProviders, PaymentsRepository } from '../../payments';
import { toWireProduct } from './products.repository';

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  payments: PaymentsRepository;
}

/** GET and DELETE /api/payments/subscription: the caller's one active subscription. */
export class SubscriptionService {
  private readonly payments: PaymentsRepository;

  constructor(
    private readonly db: Db,
    private readonly providers: PaymentProviders,
    private readonly repos: Repositories,
  ) {
    this.payments = this.repos.payments;
  }

  async current(caller: Caller): Promise<SubscriptionAnswer> {
    const row = await this.payments.findActiveSubscription(caller.userId);
    if (row === undefined) return { subscription: null };
    const product = await this.payments.findProduct(row.product_id);
    if (product === undefined) return { subscription: null };
    return {
      subscription: {
        subscriptionId: row.subscription_id,
        subscriptionNextCharge: row.next_charge,
        subscriptionActive: row.active === 1,
        product: toWireProduct(product),
      },
    };
  }

  /** Cancels at the provider first: if it cannot be reached, the subscription stays as it is. */
  async cancel(caller: Caller): Promise<{ subscription: null }> {
    const row = await this.payments.findActiveSubscription(caller.userId);
    if (row === undefined) throw new NotFound('You have no active subscription');
    if (row.provider_ref !== null) {
      const provider = this.providers.get(row.provider);
      if (provider === undefined) {
        throw new BadRequest(
          `Payment provider ${row.provider} is not set up; ask an administrator`,
        );
      }
      await provider.cancelSubscription(row.provider_ref);
    }
    await this.payments.endSubscription(row.subscription_id, nowIso());
    return { subscription: null };
  }
}
