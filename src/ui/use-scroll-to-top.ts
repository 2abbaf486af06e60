import { useEffect } from 'react';

/** Legal and contact pages open at the top (spec part 1, section 2). */
export function useScrollToTop(): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
}
