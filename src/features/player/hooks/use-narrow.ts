import { useSyncExternalStore } from 'react';

/** Spec part 1, section 9: the full-screen player is for screens 1012 px wide or less. */
export const FULL_SCREEN_QUERY = '(max-width: 1012px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
