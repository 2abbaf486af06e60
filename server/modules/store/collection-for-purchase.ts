import type { Role } from '../../../domain/role';
import type { Db } from '../../db/database';
import { NotFound } from '../../errors';
import { paymentsRepository } from '../../payments/payments.repository';
import type { AuthContext } from '../../plugins/session';
import { loadCaller } from '../playlists/caller';
import type { ProductsRepository } from './products.repository';

/** The caller and a collection they may buy: the one place the store asks about visibility. */
export interface Purchaser {
  userId: number;
  isAdmin: boolean;
  role: Role | null;
}

export async function loadPurchaser(db: Db, auth: AuthContext): Promise<Purchaser> {
  const caller = await loadCaller(db, auth);
  return { userId: caller.userId, isAdmin: caller.isAdmin, role: caller.role };
}

export interface PurchasableCollection {
  collectionId: number;
  name: string;
  price: number | null;
  unlocked: boolean;
  transcodeUnlocked: boolean;
}

/** 404 for a collection the caller cannot see, exactly as if it did not exist. */
export async function collectionForPurchase(
  db: Db,
  products: ProductsRepository,
  auth: AuthContext,
  collectionId: number,
): Promise<PurchasableCollection> {
  const caller = await loadCaller(db, auth);
  const row = await products.findVisibleCollection(collectionId, caller.viewer);
  if (row === undefined) throw new NotFound('Collection not found');
  const unlock = await paymentsRepository.findUnlock(db, auth.user.user_id, collectionId);
  return {
    collectionId: row.collection_id,
    name: row.name,
    price: row.price,
    unlocked: unlock !== undefined,
    transcodeUnlocked: unlock?.transcode === 1,
  };
}
