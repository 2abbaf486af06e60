import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '../features/auth/components/login-page';

const searchSchema = z.object({
  // The router parses numeric-looking values as numbers; a token is always text.
  resetToken: z.coerce.string().optional().catch(undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: searchSchema,
  component: function LoginRoute() {
    const { resetToken } = Route.useSearch();
    return <LoginPage resetToken={resetToken} />;
  },
});
