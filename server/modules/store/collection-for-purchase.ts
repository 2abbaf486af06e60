import type { Caller } from '../../access/caller';
import { COLLECTION_NOT_FOUND } from '../../access/collections';
import { NotFound } from '../../errors';
import type { PaymentsRepository } from '../../payments';
import type { ProductsRepository } from './products.repository';

export interface PurchasableCollection {
  collectionId: number;
  name: string;
  price: number | null;
  unlocked: boolean;
  transcodeUnlocked: boolean;
}

/** 404 for a collection the caller cannot see, exactly as if it did not exist. */
export async function collectionForPurchase(
  payments: PaymentsRepository,
  products: ProductsRepository,
  caller: Caller,
  collectionId: number,
): Promise<PurchasableCollection> {
  const row = await products.findVisibleCollection(collectionId, caller);
  if (row === undefined) throw new NotFound(COLLECTION_NOT_FOUND);
  const unlock = await payments.findUnlock(caller.userId, collectionId);
  return {
    collectionId: row.collection_id,
    name: row.name,
    price: row.price,
    unlocked: unlock !== undefined,
    transcodeUnlocked: unlock?.transcode === 1,
  };
}
