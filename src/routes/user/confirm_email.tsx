import { createFileRoute } from '@tanstack/react-router';
import { optionalText } from '../../../domain/search-params';
import { ConfirmEmailPage } from '../../features/auth/components/confirm-email-page';

/**
 * The link of the confirmation mail. No session guard: the code alone confirms (it is the
 * secret), so the link works opened signed out or on another device (decision 0044).
 */
export const Route = createFileRoute('/user/confirm_email')({
  validateSearch: (search: Record<string, unknown>): { code?: string } => ({
    code: optionalText(search.code),
  }),
  component: function ConfirmEmailRoute() {
    const { code } = Route.useSearch();
    return <ConfirmEmailPage code={code} />;
  },
});
