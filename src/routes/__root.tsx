import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { AppShell } from '../features/shell/components/app-shell';
import { NotFoundPage } from '../features/shell/components/not-found-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: NotFoundPage,
});
