import { createRouter } from '@tanstack/react-router';
import { NotFoundPage } from '../features/shell/components/not-found-page';
import { RouteErrorPage } from '../features/shell/components/route-error-page';
import { queryClient } from './query-client';
import { routeTree } from './routeTree.gen';

/** Called once by main.tsx, in a start-up task of its own. */
export const createAppRouter = () =>
  createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Route data comes from TanStack Query; the router should not cache it a second time.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: true,
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
