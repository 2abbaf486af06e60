import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { requireSession } from '../../app/guards';
import { ConfirmEmailPage } from '../../features/auth/components/confirm-email-page';

const searchSchema = z.object({
  code: z.coerce.string().optional().catch(undefined),
});

export const Route = createFileRoute('/user/confirm_email')({
  validateSearch: searchSchema,
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: function ConfirmEmailRoute() {
    const { code } = Route.useSearch();
    return <ConfirmEmailPage code={code} />;
  },
});
