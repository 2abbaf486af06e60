import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type {
  CheckoutKind,
  CheckoutRow,
  LedgerKind,
  ProductRow,
  SubscriptionRow,
} from '../db/store-tables';
import type { UserRow } from '../db/tables';

/** The database or an open transaction: fulfilment runs every step on the same one. */
export type Executor = Kysely<Database>;

export interface LedgerEntry {
  userId: number | null;
  kind: LedgerKind;
  productId: number | null;
  checkoutId: number | null;
  subscriptionId: number | null;
  provider: string;
  providerRef: string | null;
  amount: number;
  fee: number;
  sellerId: number | null;
  sellerNet: number;
  createdAt: string;
}

/** Checkouts, the ledger, subscriptions, payment events and the account effects of a sale. */
export class PaymentsRepository {
  constructor(private readonly db: Executor) {}

  insertCheckout(row: {
    userId: number;
    productId: number | null;
    kind: CheckoutKind;
    provider: string;
    amount: number;
    now: string;
  }): Promise<CheckoutRow> {
    return this.db
      .insertInto('checkouts')
      .values({
        user_id: row.userId,
        product_id: row.productId,
        kind: row.kind,
        provider: row.provider,
        amount: row.amount,
        status: 'pending',
        created_at: row.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setCheckoutRef(checkoutId: number, ref: string): Promise<void> {
    await this.db
      .updateTable('checkouts')
      .set({ provider_ref: ref })
      .where('checkout_id', '=', checkoutId)
      .execute();
  }

  async failCheckout(checkoutId: number): Promise<void> {
    await this.db
      .updateTable('checkouts')
      .set({ status: 'failed' })
      .where('checkout_id', '=', checkoutId)
      .where('status', '=', 'pending')
      .execute();
  }

  findCheckout(checkoutId: number): Promise<CheckoutRow | undefined> {
    return this.db
      .selectFrom('checkouts')
      .selectAll()
      .where('checkout_id', '=', checkoutId)
      .executeTakeFirst();
  }

  findCheckoutByRef(provider: string, ref: string): Promise<CheckoutRow | undefined> {
    return this.db
      .selectFrom('checkouts')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_ref', '=', ref)
      .executeTakeFirst();
  }

  /** pending -> paid exactly once: false when another delivery already did it. */
  async markPaid(checkoutId: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('checkouts')
      .set({ status: 'paid', paid_at: now })
      .where('checkout_id', '=', checkoutId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records a provider event; false when it was already recorded (a replay). */
  async recordEvent(provider: string, eventId: string, now: string) {
    const result = await this.db
      .insertInto('payment_events')
      .values({ provider, event_id: eventId, processed_at: now })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Takes `cents` from the balance only if it covers them, in one guarded statement. */
  async debitBalance(userId: number, cents: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({
        balance: sql<number>`balance - ${cents}`,
        balance_changed_at: now,
        dormant_notice_at: null,
      })
      .where('user_id', '=', userId)
      .where('balance', '>=', cents)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async creditBalance(userId: number, cents: number, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        balance: sql<number>`balance + ${cents}`,
        balance_changed_at: now,
        dormant_notice_at: null,
      })
      .where('user_id', '=', userId)
      .execute();
  }

  async addInvites(userId: number, invites: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ remaining_invites: sql<number>`remaining_invites + ${invites}` })
      .where('user_id', '=', userId)
      .execute();
  }

  async setRole(userId: number, roleId: number, expiration: string | null) {
    await this.db
      .updateTable('users')
      .set({ role_id: roleId, role_expiration: expiration })
      .where('user_id', '=', userId)
      .execute();
  }

  findUser(userId: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  findProduct(productId: number): Promise<ProductRow | undefined> {
    return this.db
      .selectFrom('products')
      .selectAll()
      .where('product_id', '=', productId)
      .executeTakeFirst();
  }

  /** Unlocks the collection; a transcode unlock is never taken back by a later plain one. */
  async unlockCollection(
    userId: number,
    collectionId: number,
    transcode: boolean,
    now: string,
  ): Promise<void> {
    await this.db
      .insertInto('unlocked_collections')
      .values({
        user_id: userId,
        collection_id: collectionId,
        transcode: transcode ? 1 : 0,
        created_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'collection_id']).doUpdateSet({
          transcode: sql<number>`CASE WHEN unlocked_collections.transcode = 1 OR ${transcode ? 1 : 0} = 1 THEN 1 ELSE 0 END`,
        }),
      )
      .execute();
  }

  findUnlock(userId: number, collectionId: number) {
    return this.db
      .selectFrom('unlocked_collections')
      .select('transcode')
      .where('user_id', '=', userId)
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
  }

  insertSubscription(row: {
    userId: number;
    productId: number;
    provider: string;
    ref: string | null;
    nextCharge: string | null;
    now: string;
  }): Promise<SubscriptionRow> {
    return this.db
      .insertInto('subscriptions')
      .values({
        user_id: row.userId,
        product_id: row.productId,
        provider: row.provider,
        provider_ref: row.ref,
        next_charge: row.nextCharge,
        created_at: row.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findSubscriptionByRef(provider: string, ref: string) {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_ref', '=', ref)
      .executeTakeFirst();
  }

  findActiveSubscription(userId: number): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('active', '=', 1)
      .orderBy('subscription_id', 'desc')
      .executeTakeFirst();
  }

  async setNextCharge(subscriptionId: number, nextCharge: string | null) {
    await this.db
      .updateTable('subscriptions')
      .set({ next_charge: nextCharge })
      .where('subscription_id', '=', subscriptionId)
      .execute();
  }

  /** active -> ended once; false when it had already ended. */
  async endSubscription(subscriptionId: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('subscriptions')
      .set({ active: 0, ended_at: now })
      .where('subscription_id', '=', subscriptionId)
      .where('active', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertLedger(e: LedgerEntry): Promise<number> {
    const row = await this.db
      .insertInto('ledger')
      .values({
        user_id: e.userId,
        kind: e.kind,
        product_id: e.productId,
        checkout_id: e.checkoutId,
        subscription_id: e.subscriptionId,
        provider: e.provider,
        provider_ref: e.providerRef,
        amount: e.amount,
        fee: e.fee,
        seller_id: e.sellerId,
        seller_net: e.sellerNet,
        created_at: e.createdAt,
      })
      .returning('transaction_id')
      .executeTakeFirstOrThrow();
    return row.transaction_id;
  }
}
