import { createFileRoute } from '@tanstack/react-router';
import { optionalText } from '../../domain/search-params';
import { LoginPage } from '../features/auth/components/login-page';

export const Route = createFileRoute('/login')({
  // The router parses numeric-looking values as numbers; a token is always text.
  validateSearch: (search: Record<string, unknown>): { resetToken?: string } => ({
    resetToken: optionalText(search.resetToken),
  }),
  component: function LoginRoute() {
    const { resetToken } = Route.useSearch();
    return <LoginPage resetToken={resetToken} />;
  },
});
