// First: configures zod before any schema module can load.
import './zod-config';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './providers';
import { router } from './router';
import { registerServiceWorker } from './service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// index.html paints a boot screen before any script runs; it goes once a page is on screen.
const removeBoot = () => document.getElementById('boot')?.remove();
const stopWatching = router.subscribe('onRendered', () => {
  removeBoot();
  stopWatching();
});
// Should the first page never render (a failed chunk, say), the boot screen must not hide the
// error page the router shows instead.
setTimeout(removeBoot, 10_000);

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

registerServiceWorker();
