// First: configures zod before any schema module can load.
import './zod-config';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { removeBootScreen } from './boot-screen';
import { startEarlyData } from './early-data';
import { nextTask } from '../lib/next-task';
import { Providers, startSystemLoad } from './providers';
import { whenPageSettled } from './page-settled';
import { queryClient } from './query-client';
import { createAppRouter } from './router';
import { registerServiceWorker } from './service-worker';

startEarlyData();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Evaluating the entry, asking for Chakra's system (a dozen chunks) and building the
// router each take a task of their own: in one, they blocked the main thread for 70 ms on a
// fast desktop, four times that on a phone.
await nextTask();
void startSystemLoad();
await nextTask();
const router = createAppRouter();

// index.html paints a boot screen before any script runs. The root layout removes it once the
// shell is on screen; a page rendered without that layout (a route error) removes it here.
// From the first render on, the page's queries have started, so "nothing is fetching" means
// the page has its data (the service worker waits for that).
let firstPageRendered = false;
const stopWatching = router.subscribe('onRendered', () => {
  if (!container.firstChild) return;
  firstPageRendered = true;
  removeBootScreen('shell');
  stopWatching();
});
// A first view drawn by the server belongs to the page the app opened on, not the next one.
const stopLeaving = router.subscribe('onResolved', () => {
  removeBootScreen('shell');
  if (!document.getElementById('boot')) stopLeaving();
});
// Should the first page never render (a failed chunk, say), the boot screen must not hide the
// error page the router shows instead.
setTimeout(() => removeBootScreen('page'), 10_000);

const root = createRoot(container);
// A transition renders in slices that yield to the browser, so the first render does not hold
// the main thread for its whole length (issue 9: total blocking time on a slow phone).
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});

registerServiceWorker(
  whenPageSettled(
    () =>
      // The page is on screen once the root has content. `firstPageRendered` alone missed a
      // first render that landed after the router's onRendered (a transition), and then the
      // worker waited for the 20 s fallback on every first visit (issue 30).
      (!firstPageRendered && !container.firstChild) ||
      router.state.status === 'pending' ||
      router.state.isLoading ||
      queryClient.isFetching() > 0,
  ),
);
