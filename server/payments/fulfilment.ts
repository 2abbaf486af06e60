import type { Db } from '../db/database';
import type { ProductRow } from '../db/store-tables';
import { BadRequest, NotFound } from '../errors';
import { splitFee } from './fee';
import { PaymentsRepository, type Executor } from './payments.repository';
import { withExecutor } from '../db/with-executor';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The repositories this service uses, handed in once by server/root. */
interface Repositories {
  payments: PaymentsRepository;
}

/** What a provider told us about a payment. */
export interface PaymentNotice {
  provider: string;
  /** The provider's event id; null for a balance purchase (no event to replay). */
  eventId: string | null;
  providerRef: string | null;
  /** Stripe subscription id, when the checkout started one. */
  subscriptionRef?: string | null;
  nextCharge?: string | null;
  now: string;
}

export type FulfilResult = { status: 'fulfilled'; transactionId: number } | { status: 'duplicate' };

/** One month on from `iso`, the subscription's charge interval when the provider names none. */
export function nextMonth(iso: string): string {
  const d = new Date(iso);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString();
}

/**
 * Applies paid checkouts and subscription events. Each call is ONE transaction holding the
 * event record, the status change, the balance change, the effects and the ledger row, so a
 * crash leaves either all of it or none, and a replayed event finds its record and stops.
 */
export class Fulfilment {
  constructor(
    private readonly db: Db,
    /** Test-only: runs inside the transaction, after every write, before the commit. */
    private readonly beforeCommit: () => void = () => undefined,
    private readonly repos: Repositories,
  ) {}

  /** A provider says the checkout is paid. */
  async fulfilCheckout(checkoutId: number, notice: PaymentNotice): Promise<FulfilResult> {
    return this.db.transaction().execute(async (trx) => {
      const result = await this.fulfilIn(trx, checkoutId, notice, false);
      // Everything is written but not committed: a crash here must leave no trace.
      this.beforeCommit();
      return result;
    });
  }

  /**
   * A purchase paid from the account balance: the checkout row, the guarded debit and the
   * effects share one transaction, so a balance too low leaves no trace at all.
   */
  async buyWithBalance(
    checkout: { userId: number; productId: number; amount: number },
    now: string,
  ): Promise<FulfilResult> {
    return this.db.transaction().execute(async (trx) => {
      const row = await withExecutor(this.repos.payments, trx).insertCheckout({
        ...checkout,
        kind: 'purchase',
        provider: 'balance',
        now,
      });
      const notice = { provider: 'balance', eventId: null, providerRef: null, now };
      return this.fulfilIn(trx, row.checkout_id, notice, true);
    });
  }

  private async fulfilIn(
    trx: Executor,
    checkoutId: number,
    notice: PaymentNotice,
    payWithBalance: boolean,
  ): Promise<FulfilResult> {
    const payments = withExecutor(this.repos.payments, trx);
    if (
      notice.eventId !== null &&
      !(await payments.recordEvent(notice.provider, notice.eventId, notice.now))
    ) {
      return { status: 'duplicate' } as const;
    }
    const checkout = await payments.findCheckout(checkoutId);
    if (checkout === undefined) throw new NotFound('Unknown checkout');
    if (!(await payments.markPaid(checkoutId, notice.now))) return { status: 'duplicate' } as const;
    if (
      payWithBalance &&
      !(await payments.debitBalance(checkout.user_id, checkout.amount, notice.now))
    ) {
      throw new BadRequest('Your balance is too low for this purchase');
    }
    if (checkout.kind === 'topup') {
      await payments.creditBalance(checkout.user_id, checkout.amount, notice.now);
      // A deposit is not a sale: the fee is taken when the balance is spent.
      const transactionId = await payments.insertLedger({
        userId: checkout.user_id,
        kind: 'topup',
        productId: null,
        checkoutId,
        subscriptionId: null,
        provider: notice.provider,
        providerRef: notice.providerRef,
        amount: checkout.amount,
        fee: 0,
        sellerId: null,
        sellerNet: 0,
        createdAt: notice.now,
      });
      return { status: 'fulfilled', transactionId } as const;
    }
    const product =
      checkout.product_id === null ? undefined : await payments.findProduct(checkout.product_id);
    if (product === undefined) throw new NotFound('The product of this checkout is gone');
    await this.applyProduct(trx, checkout.user_id, product, notice.now);
    let subscriptionId: number | null = null;
    if (product.subscription === 1) {
      const subscription = await payments.insertSubscription({
        userId: checkout.user_id,
        productId: product.product_id,
        provider: notice.provider,
        ref: notice.subscriptionRef ?? null,
        nextCharge: notice.nextCharge ?? nextMonth(notice.now),
        now: notice.now,
      });
      subscriptionId = subscription.subscription_id;
    }
    const transactionId = await this.sale(trx, {
      userId: checkout.user_id,
      kind: 'purchase',
      product,
      checkoutId,
      subscriptionId,
      amount: checkout.amount,
      notice,
    });
    return { status: 'fulfilled', transactionId } as const;
  }

  /** A paid subscription invoice: charge recorded, product effects renewed, next date moved. */
  async renewSubscription(
    ref: string,
    amount: number,
    notice: PaymentNotice,
  ): Promise<FulfilResult> {
    return this.db.transaction().execute(async (trx) => {
      const payments = withExecutor(this.repos.payments, trx);
      if (
        notice.eventId !== null &&
        !(await payments.recordEvent(notice.provider, notice.eventId, notice.now))
      ) {
        return { status: 'duplicate' } as const;
      }
      const subscription = await payments.findSubscriptionByRef(notice.provider, ref);
      if (subscription === undefined) throw new NotFound('Unknown subscription');
      if (subscription.active !== 1) return { status: 'duplicate' } as const;
      const product = await payments.findProduct(subscription.product_id);
      if (product === undefined) throw new NotFound('The product of this subscription is gone');
      await this.applyProduct(trx, subscription.user_id, product, notice.now);
      await payments.setNextCharge(
        subscription.subscription_id,
        notice.nextCharge ?? nextMonth(notice.now),
      );
      const transactionId = await this.sale(trx, {
        userId: subscription.user_id,
        kind: 'renewal',
        product,
        checkoutId: null,
        subscriptionId: subscription.subscription_id,
        amount,
        notice,
      });
      return { status: 'fulfilled', transactionId } as const;
    });
  }

  /** Cancellation or a failed payment: the subscription ends (once). */
  async endSubscription(ref: string, notice: PaymentNotice): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const payments = withExecutor(this.repos.payments, trx);
      if (
        notice.eventId !== null &&
        !(await payments.recordEvent(notice.provider, notice.eventId, notice.now))
      ) {
        return false;
      }
      const subscription = await payments.findSubscriptionByRef(notice.provider, ref);
      if (subscription === undefined) return false;
      return payments.endSubscription(subscription.subscription_id, notice.now);
    });
  }

  private async applyProduct(trx: Executor, userId: number, product: ProductRow, now: string) {
    const payments = withExecutor(this.repos.payments, trx);
    if (product.role_id !== null) {
      const user = await payments.findUser(userId);
      let expiration: string | null = null;
      if (product.role_duration !== null) {
        // Buying the role one already holds extends it from its current end, not from today.
        const current = user?.role_expiration ?? null;
        const extend = user?.role_id === product.role_id && current !== null && current > now;
        const from = extend ? Date.parse(current) : Date.parse(now);
        expiration = new Date(from + product.role_duration * DAY_MS).toISOString();
      }
      await payments.setRole(userId, product.role_id, expiration);
    }
    if (product.balance > 0) await payments.creditBalance(userId, product.balance, now);
    if (product.invites > 0) await payments.addInvites(userId, product.invites);
    if (product.collection_id !== null) {
      await payments.unlockCollection(userId, product.collection_id, product.transcode === 1, now);
    }
  }

  private async sale(
    trx: Executor,
    s: {
      userId: number;
      kind: 'purchase' | 'renewal';
      product: ProductRow;
      checkoutId: number | null;
      subscriptionId: number | null;
      amount: number;
      notice: PaymentNotice;
    },
  ): Promise<number> {
    const { fee, net } = splitFee(s.amount);
    return withExecutor(this.repos.payments, trx).insertLedger({
      userId: s.userId,
      kind: s.kind,
      productId: s.product.product_id,
      checkoutId: s.checkoutId,
      subscriptionId: s.subscriptionId,
      provider: s.notice.provider,
      providerRef: s.notice.providerRef,
      amount: s.amount,
      fee,
      // Collections have no owner column yet, so the seller is the store itself.
      sellerId: null,
      sellerNet: net,
      createdAt: s.notice.now,
    });
  }
}
