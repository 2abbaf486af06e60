import type { Updateable } from 'kysely';
import type { Product } from '../../../domain/store';
import { toBool, type Db } from '../../db/database';
import type { ProductRow, ProductsTable } from '../../db/store-tables';
import { visibleTo, type Viewer } from '../catalogue/viewer';

export function toWireProduct(row: ProductRow): Product {
  return {
    productId: row.product_id,
    productTitle: row.title,
    productDescription: row.description,
    productRole: row.role_id,
    productRoleDuration: row.role_duration,
    productPrice: row.price,
    productSale: Number(row.sale),
    productInvites: row.invites,
    productBalance: row.balance,
    productSubscription: toBool(row.subscription),
    productCollectionId: row.collection_id,
    productTranscode: toBool(row.transcode),
  };
}

export type ProductColumns = Updateable<ProductsTable>;

export class ProductsRepository {
  constructor(private readonly db: Db) {}

  /** The store's catalogue: neither the per-collection products nor retired ones. */
  listed(): Promise<ProductRow[]> {
    return this.db
      .selectFrom('products')
      .selectAll()
      .where('hidden', '=', 0)
      .where('retired', '=', 0)
      .orderBy('product_id')
      .execute();
  }

  find(productId: number): Promise<ProductRow | undefined> {
    return this.db
      .selectFrom('products')
      .selectAll()
      .where('product_id', '=', productId)
      .executeTakeFirst();
  }

  insert(columns: ProductColumns & { title: string; price: number; created_at: string }) {
    return this.db.insertInto('products').values(columns).returningAll().executeTakeFirstOrThrow();
  }

  update(productId: number, columns: ProductColumns): Promise<ProductRow | undefined> {
    return this.db
      .updateTable('products')
      .set(columns)
      .where('product_id', '=', productId)
      .returningAll()
      .executeTakeFirst();
  }

  async collectionExists(collectionId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('collections')
      .select('collection_id')
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** True when a checkout, ledger row or subscription still points at the product. */
  async hasHistory(productId: number): Promise<boolean> {
    const [checkout, subscription] = await Promise.all([
      this.db
        .selectFrom('checkouts')
        .select('checkout_id')
        .where('product_id', '=', productId)
        .executeTakeFirst(),
      this.db
        .selectFrom('subscriptions')
        .select('subscription_id')
        .where('product_id', '=', productId)
        .executeTakeFirst(),
    ]);
    return checkout !== undefined || subscription !== undefined;
  }

  async delete(productId: number): Promise<void> {
    await this.db.deleteFrom('products').where('product_id', '=', productId).execute();
  }

  /**
   * The hidden product buy_collection sells: one row per collection, transcode flag and price,
   * reused while those stay the same so earlier checkouts keep pointing at what they bought.
   */
  async collectionProduct(
    offer: { collectionId: number; transcode: boolean; title: string; price: number },
    now: string,
  ): Promise<ProductRow> {
    const existing = await this.db
      .selectFrom('products')
      .selectAll()
      .where('collection_id', '=', offer.collectionId)
      .where('transcode', '=', offer.transcode ? 1 : 0)
      .where('price', '=', offer.price)
      .where('hidden', '=', 1)
      .where('retired', '=', 0)
      .orderBy('product_id')
      .executeTakeFirst();
    if (existing !== undefined) return existing;
    return this.insert({
      title: offer.title,
      price: offer.price,
      collection_id: offer.collectionId,
      transcode: offer.transcode ? 1 : 0,
      hidden: 1,
      created_at: now,
    });
  }

  /** The collection as the viewer may see it (hidden and blacklisted ones are not there). */
  findVisibleCollection(collectionId: number, viewer: Viewer) {
    return this.db
      .selectFrom('collections as c')
      .select(['c.collection_id', 'c.name', 'c.price'])
      .where('c.collection_id', '=', collectionId)
      .where(visibleTo(viewer, 'c'))
      .executeTakeFirst();
  }
}
