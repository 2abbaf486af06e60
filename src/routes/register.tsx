import { createFileRoute } from '@tanstack/react-router';
import { safeRedirectPath } from '../../domain/redirect-path';
import { RegisterPage } from '../features/auth/components/register-page';

export const Route = createFileRoute('/register')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: safeRedirectPath(search.redirect),
  }),
  component: function RegisterRoute() {
    const { redirect } = Route.useSearch();
    return <RegisterPage redirect={redirect} />;
  },
});
