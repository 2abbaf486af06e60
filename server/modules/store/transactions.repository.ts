import { TRANSACTION_PAGE_SIZE, type Transaction } from '../../../domain/store';
import type { Db } from '../../db/database';
import type { CheckoutStatus, LedgerKind, ProductRow } from '../../db/store-tables';
import { toWireProduct } from './products.repository';

const PROVIDERS = new Set(['stripe', 'sellix', 'balance']);

/** The ledger as GET /api/transaction shows it: newest first, a page at a time. */
export class TransactionsRepository {
  constructor(private readonly db: Db) {}

  async page(userId: number | null, offset: number) {
    let query = this.db
      .selectFrom('ledger as l')
      .leftJoin('users as u', 'u.user_id', 'l.user_id')
      .leftJoin('checkouts as c', 'c.checkout_id', 'l.checkout_id')
      .select([
        'l.transaction_id',
        'l.created_at',
        'l.user_id',
        'u.user_name',
        'l.amount',
        'l.fee',
        'l.kind',
        'l.provider',
        'l.product_id',
        'l.subscription_id',
        'c.status',
      ])
      .orderBy('l.transaction_id', 'desc')
      .limit(TRANSACTION_PAGE_SIZE + 1)
      .offset(offset);
    if (userId !== null) query = query.where('l.user_id', '=', userId);
    const rows = await query.execute();
    const productIds = [
      ...new Set(rows.flatMap((r) => (r.product_id === null ? [] : [r.product_id]))),
    ];
    const products = new Map<number, ProductRow>();
    if (productIds.length > 0) {
      const found = await this.db
        .selectFrom('products')
        .selectAll()
        .where('product_id', 'in', productIds)
        .execute();
      for (const p of found) products.set(p.product_id, p);
    }
    const items: Transaction[] = rows.slice(0, TRANSACTION_PAGE_SIZE).map((r) => {
      const product = r.product_id === null ? undefined : products.get(r.product_id);
      return {
        transactionId: r.transaction_id,
        transactionDate: r.created_at,
        transactionUserId: r.user_id ?? 0,
        userName: r.user_name ?? '(deleted user)',
        transactionAmount: r.amount,
        transactionFee: r.fee,
        product: product === undefined ? null : toWireProduct(product),
        checkout: {
          checkoutProvider: (PROVIDERS.has(r.provider) ? r.provider : 'balance') as
            'stripe' | 'sellix' | 'balance',
          checkoutStatus: (r.status ?? 'paid') as CheckoutStatus,
        },
        subscription: r.subscription_id === null ? null : { subscriptionId: r.subscription_id },
        transactionKind: r.kind as LedgerKind,
      };
    });
    return {
      items,
      nextOffset: rows.length > TRANSACTION_PAGE_SIZE ? offset + TRANSACTION_PAGE_SIZE : null,
    };
  }
}
