import { createFileRoute } from '@tanstack/react-router';
import { optionalText } from '../../../domain/search-params';
import { requireSession } from '../../app/guards';
import { ConfirmEmailPage } from '../../features/auth/components/confirm-email-page';

export const Route = createFileRoute('/user/confirm_email')({
  validateSearch: (search: Record<string, unknown>): { code?: string } => ({
    code: optionalText(search.code),
  }),
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: function ConfirmEmailRoute() {
    const { code } = Route.useSearch();
    return <ConfirmEmailPage code={code} />;
  },
});
