import { TILES_IN_FIRST_VIEW } from '../../../domain/first-view';
import type { Homepage } from '../../../domain/homepage';

export { TILES_IN_FIRST_VIEW };

/**
 * The cover hashes of the tiles home opens with in view: the first tiles of the first row that
 * has any. Reads an answer not yet checked against its schema (it runs before the schemas
 * load), so it trusts no field to be there.
 */
export function firstViewCovers(answer: unknown): string[] {
  const tagRows = (answer as Partial<Homepage> | null)?.collectionsTags;
  const rows = Array.isArray(tagRows) ? tagRows : [];
  const row = rows.find((r) => Array.isArray(r?.collections) && r.collections.length > 0);
  return (row?.collections ?? [])
    .slice(0, TILES_IN_FIRST_VIEW)
    .map((c) => c?.collectionImageHash)
    .filter((hash): hash is string => typeof hash === 'string' && hash !== '');
}
