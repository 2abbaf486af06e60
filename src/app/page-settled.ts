/**
 * When the first page has what it shows: the load event has fired, the app says it is not busy
 * (main.tsx: the first page has rendered, no route chunk or query is loading), and no image on
 * the screen is still arriving, on two checks in a row. Work that only serves later visits (the
 * service worker's precache: some hundred requests) waits for this, so on a first visit it
 * takes neither the connections the page's covers and data need nor the main thread while the
 * page renders (issue 9).
 */
const CHECK_MS = 250;

/** The User Timing mark set when the first page has settled. */
export const PAGE_SETTLED_MARK = 'musicbox:page-settled';

/** An image the user waits for: loading, and on the screen or about to be (lazy ones are not). */
function awaitedImage(image: HTMLImageElement): boolean {
  if (image.complete) return false;
  if (image.loading !== 'lazy') return true;
  const rect = image.getBoundingClientRect();
  return rect.bottom > 0 && rect.top < window.innerHeight && rect.right > 0;
}

function isPageBusy(appBusy: () => boolean): boolean {
  return (
    document.readyState !== 'complete' ||
    appBusy() ||
    Array.from(document.images).some(awaitedImage)
  );
}

/**
 * Resolves after the page settles and the browser then has an idle moment; `maxWaitMs` after it
 * started waiting at the latest, so a request that never ends cannot keep the worker away.
 */
export function whenPageSettled(appBusy: () => boolean, maxWaitMs = 20_000): Promise<void> {
  return new Promise((resolve) => {
    const deadline = Date.now() + maxWaitMs;
    let quietChecks = 0;
    const check = () => {
      quietChecks = isPageBusy(appBusy) ? 0 : quietChecks + 1;
      if (quietChecks < 2 && Date.now() < deadline) {
        setTimeout(check, CHECK_MS);
        return;
      }
      // A mark on the page's timeline: how soon after it the app is offline-ready is measured
      // from here (e2e/first-hour-offline.spec.ts).
      // `byDeadline` says the page never settled and the fallback fired instead.
      performance.mark(PAGE_SETTLED_MARK, { detail: { byDeadline: quietChecks < 2 } });
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 1000 });
      else resolve();
    };
    setTimeout(check, CHECK_MS);
  });
}
