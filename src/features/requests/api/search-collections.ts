import { useCollectionsByName } from '../../../common/collections/search-collections';

const FILL_RESULTS = 20;

/** Collections by name for the fill dialog (what the filler can see). */
export const useCollectionSearch = (query: string) => useCollectionsByName(query, FILL_RESULTS);
