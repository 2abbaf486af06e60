import { useDeferredValue } from 'react';

/**
 * False on the first render, true on a second one that React runs as a transition. A subtree
 * shown only once this is true mounts in slices that yield to the browser, rather than in the
 * synchronous render that a router or query store update starts (issue 9: a page mounted in one
 * block held a slow phone's main thread for a second).
 */
export function useDeferredMount(): boolean {
  return useDeferredValue(true, false);
}
