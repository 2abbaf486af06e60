import { useQuery } from '@tanstack/react-query';
import { unlockedQuery } from '../../../lib/use-download';

// The query lives beside the shared download flow, which the player uses too.
export { unlockedQuery };

export function useUnlocked(id: number) {
  return useQuery(unlockedQuery(id));
}
