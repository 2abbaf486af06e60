import type { Generated, Selectable } from 'kysely';

/** Tables of migration 0004 (same column conventions as tables.ts: money in integer cents). */
export interface ProductsTable {
  product_id: Generated<number>;
  title: string;
  description: Generated<string>;
  role_id: number | null;
  role_duration: number | null;
  price: number;
  sale: Generated<number>;
  invites: Generated<number>;
  balance: Generated<number>;
  subscription: Generated<number>;
  collection_id: number | null;
  transcode: Generated<number>;
  /** 1 for the per-collection products buy_collection makes: never listed in the store. */
  hidden: Generated<number>;
  /** 1 once deleted while transactions still point at it: unlisted, unbuyable, kept for history. */
  retired: Generated<number>;
  created_at: string;
}

export type CheckoutStatus = 'pending' | 'paid' | 'failed';
export type CheckoutKind = 'purchase' | 'topup';

export interface CheckoutsTable {
  checkout_id: Generated<number>;
  user_id: number;
  product_id: number | null;
  kind: CheckoutKind;
  provider: string;
  /** What the user pays, in cents (a top-up: the cents added). */
  amount: number;
  status: CheckoutStatus;
  /** The provider's id for this payment (Stripe session id, Sellix uniqid). */
  provider_ref: string | null;
  created_at: string;
  paid_at: string | null;
}

/** adjustment: an administrator set the balance; amount is the signed change. */
export type LedgerKind = 'purchase' | 'topup' | 'renewal' | 'dormant_fee' | 'adjustment';

export interface LedgerTable {
  transaction_id: Generated<number>;
  user_id: number | null;
  kind: LedgerKind;
  product_id: number | null;
  checkout_id: number | null;
  subscription_id: number | null;
  provider: string;
  provider_ref: string | null;
  amount: number;
  /** The platform's service fee (25%), rounded half up. */
  fee: number;
  /** The collection owner who sells, when there is one; their share is amount - fee. */
  seller_id: number | null;
  seller_net: number;
  created_at: string;
}

export interface SubscriptionsTable {
  subscription_id: Generated<number>;
  user_id: number;
  product_id: number;
  provider: string;
  provider_ref: string | null;
  next_charge: string | null;
  active: Generated<number>;
  created_at: string;
  ended_at: string | null;
}

/** One row per provider event already applied: the webhook's replay guard. */
export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  processed_at: string;
}

export interface StoreTables {
  products: ProductsTable;
  checkouts: CheckoutsTable;
  ledger: LedgerTable;
  subscriptions: SubscriptionsTable;
  payment_events: PaymentEventsTable;
}

export type ProductRow = Selectable<ProductsTable>;
export type CheckoutRow = Selectable<CheckoutsTable>;
export type LedgerRow = Selectable<LedgerTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
