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
export const paymentsRepository = {
  insertCheckout(
    db: Executor,
    row: {
      userId: number;
      productId: number | null;
      kind: CheckoutKind;
      provider: string;
      amount: number;
      now: string;
    },
  ): Promise<CheckoutRow> {
    return db
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
  },

  async setCheckoutRef(db: Executor, checkoutId: number, ref: string): Promise<void> {
    await db
      .updateTable('checkouts')
      .set({ provider_ref: ref })
      .where('checkout_id', '=', checkoutId)
      .execute();
  },

  async failCheckout(db: Executor, checkoutId: number): Promise<void> {
    await db
      .updateTable('checkouts')
      .set({ status: 'failed' })
      .where('checkout_id', '=', checkoutId)
      .where('status', '=', 'pending')
      .execute();
  },

  findCheckout(db: Executor, checkoutId: number): Promise<CheckoutRow | undefined> {
    return db
      .selectFrom('checkouts')
      .selectAll()
      .where('checkout_id', '=', checkoutId)
      .executeTakeFirst();
  },

  findCheckoutByRef(db: Executor, provider: string, ref: string): Promise<CheckoutRow | undefined> {
    return db
      .selectFrom('checkouts')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_ref', '=', ref)
      .executeTakeFirst();
  },

  /** pending -> paid exactly once: false when another delivery already did it. */
  async markPaid(db: Executor, checkoutId: number, now: string): Promise<boolean> {
    const result = await db
      .updateTable('checkouts')
      .set({ status: 'paid', paid_at: now })
      .where('checkout_id', '=', checkoutId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Records a provider event; false when it was already recorded (a replay). */
  async recordEvent(db: Executor, provider: string, eventId: string, now: string) {
    const result = await db
      .insertInto('payment_events')
      .values({ provider, event_id: eventId, processed_at: now })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /** Takes `cents` from the balance only if it covers them, in one guarded statement. */
  async debitBalance(db: Executor, userId: number, cents: number, now: string): Promise<boolean> {
    const result = await db
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
  },

  async creditBalance(db: Executor, userId: number, cents: number, now: string): Promise<void> {
    await db
      .updateTable('users')
      .set({
        balance: sql<number>`balance + ${cents}`,
        balance_changed_at: now,
        dormant_notice_at: null,
      })
      .where('user_id', '=', userId)
      .execute();
  },

  async addInvites(db: Executor, userId: number, invites: number): Promise<void> {
    await db
      .updateTable('users')
      .set({ remaining_invites: sql<number>`remaining_invites + ${invites}` })
      .where('user_id', '=', userId)
      .execute();
  },

  async setRole(db: Executor, userId: number, roleId: number, expiration: string | null) {
    await db
      .updateTable('users')
      .set({ role_id: roleId, role_expiration: expiration })
      .where('user_id', '=', userId)
      .execute();
  },

  findUser(db: Executor, userId: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  findProduct(db: Executor, productId: number): Promise<ProductRow | undefined> {
    return db
      .selectFrom('products')
      .selectAll()
      .where('product_id', '=', productId)
      .executeTakeFirst();
  },

  /** Unlocks the collection; a transcode unlock is never taken back by a later plain one. */
  async unlockCollection(
    db: Executor,
    userId: number,
    collectionId: number,
    transcode: boolean,
    now: string,
  ): Promise<void> {
    await db
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
  },

  findUnlock(db: Executor, userId: number, collectionId: number) {
    return db
      .selectFrom('unlocked_collections')
      .select('transcode')
      .where('user_id', '=', userId)
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
  },

  insertSubscription(
    db: Executor,
    row: {
      userId: number;
      productId: number;
      provider: string;
      ref: string | null;
      nextCharge: string | null;
      now: string;
    },
  ): Promise<SubscriptionRow> {
    return db
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
  },

  findSubscriptionByRef(db: Executor, provider: string, ref: string) {
    return db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_ref', '=', ref)
      .executeTakeFirst();
  },

  findActiveSubscription(db: Executor, userId: number): Promise<SubscriptionRow | undefined> {
    return db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('active', '=', 1)
      .orderBy('subscription_id', 'desc')
      .executeTakeFirst();
  },

  async setNextCharge(db: Executor, subscriptionId: number, nextCharge: string | null) {
    await db
      .updateTable('subscriptions')
      .set({ next_charge: nextCharge })
      .where('subscription_id', '=', subscriptionId)
      .execute();
  },

  /** active -> ended once; false when it had already ended. */
  async endSubscription(db: Executor, subscriptionId: number, now: string): Promise<boolean> {
    const result = await db
      .updateTable('subscriptions')
      .set({ active: 0, ended_at: now })
      .where('subscription_id', '=', subscriptionId)
      .where('active', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async insertLedger(db: Executor, e: LedgerEntry): Promise<number> {
    const row = await db
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
  },
};
