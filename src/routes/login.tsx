import { createFileRoute } from '@tanstack/react-router';
import { safeRedirectPath } from '../../domain/redirect-path';
import { optionalText } from '../../domain/search-params';
import { LoginPage } from '../features/auth/components/login-page';

export const Route = createFileRoute('/login')({
  // The router parses numeric-looking values as numbers; a token is always text. The redirect
  // target is kept only when it is a path of this site.
  validateSearch: (
    search: Record<string, unknown>,
  ): { resetToken?: string; redirect?: string } => ({
    resetToken: optionalText(search.resetToken),
    redirect: safeRedirectPath(search.redirect),
  }),
  component: function LoginRoute() {
    const { resetToken, redirect } = Route.useSearch();
    return <LoginPage resetToken={resetToken} redirect={redirect} />;
  },
});
