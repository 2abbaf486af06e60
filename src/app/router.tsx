import { createRouter } from '@tanstack/react-router';
import { NotFoundPage } from '../features/shell/components/not-found-page';
import { queryClient } from './query-client';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Route data comes from TanStack Query; the router should not cache it a second time.
  defaultPreloadStaleTime: 0,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
