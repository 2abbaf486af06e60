/** Resolves at the browser's next `online` event. */
const nextOnline = () =>
  new Promise<void>((resolve) =>
    window.addEventListener('online', () => resolve(), { once: true }),
  );

/**
 * Loads a piece of code (a `lazy()` import); if the network is gone, waits for it to return
 * and tries again instead of failing. A lazy part of the page whose chunk had not arrived when
 * the connection dropped then keeps showing its Suspense fallback, where a failure would reach
 * the nearest error boundary and take the whole shell down. Chromium fetches a module graph
 * again after a failed attempt, so the retry really loads it.
 */
export function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (navigator.onLine) throw error;
    return nextOnline().then(() => loadWhenOnline(load));
  });
}
