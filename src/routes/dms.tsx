import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '../app/guards';
import { useSession } from '../common/session';
import { MessagesPage } from '../features/messages/components/messages-page';

/** ?compose=<userId> opens the compose dialog (the profile's direct-message button links here). */
function parseCompose(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export const Route = createFileRoute('/dms')({
  validateSearch: (search: Record<string, unknown>): { compose?: number } => {
    const compose = parseCompose(search.compose);
    return compose === undefined ? {} : { compose };
  },
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: DmsRoute,
});

function DmsRoute() {
  const { compose } = Route.useSearch();
  const { data: session } = useSession();
  const navigate = Route.useNavigate();
  if (!session) return null;
  return (
    <MessagesPage
      userId={session.user.userId}
      composeTo={compose ?? null}
      onComposeDone={() => void navigate({ search: {}, replace: true })}
    />
  );
}
