import { isFree } from './access';

/** What the buyer already has and may do, for pricing a collection purchase. */
export interface CollectionQuoteInput {
  collectionPrice: number | null;
  unlocked: boolean;
  transcodeUnlocked: boolean;
  roleDownloadPaid: boolean;
  roleTranscode: boolean;
  transcodePrice: number;
  transcode: boolean;
}

export type CollectionQuote = { ok: true; price: number } | { ok: false; reason: string };

/**
 * Spec part 1, "Buying a collection": the collection's price, plus the transcode price when
 * transcoding is asked and the role lacks it. Whatever the buyer already has is not sold again.
 */
export function quoteCollection(q: CollectionQuoteInput): CollectionQuote {
  const free = isFree({ collectionPrice: q.collectionPrice });
  const hasCollection = free || q.unlocked || q.roleDownloadPaid;
  const needsTranscode = q.transcode && !q.roleTranscode && !q.transcodeUnlocked;
  if (!q.transcode && free) return { ok: false, reason: 'This collection is free' };
  if (!q.transcode && hasCollection) {
    return { ok: false, reason: 'This collection is already unlocked for you' };
  }
  if (q.transcode && !needsTranscode && hasCollection) {
    return { ok: false, reason: 'You can already download this collection in every format' };
  }
  const collectionPart = hasCollection ? 0 : (q.collectionPrice ?? 0);
  return { ok: true, price: collectionPart + (needsTranscode ? q.transcodePrice : 0) };
}
