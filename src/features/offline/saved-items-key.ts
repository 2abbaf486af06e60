import type { SavedKind } from './offline-store';

/**
 * The saved items' query key and item keys, apart from the offline store so that a page can
 * name them without loading the store (use-episode-offline.ts loads it when first needed).
 */

/** Local data, not server data: never persisted with the query cache (see query-client.ts). */
export const savedItemsKey = ['local', 'offline-items'] as const;

export const itemKey = (kind: SavedKind, id: number) => `${kind}:${id}`;
