import { createFileRoute } from '@tanstack/react-router';
import { DM_TITLE_MAX } from '../../domain/message';
import { requireSession } from '../app/guards';
import { useSession } from '../common/session';
import { MessagesPage } from '../features/messages/components/messages-page';

/** ?compose=<userId> opens the compose dialog (the profile's direct-message button links here). */
function parseCompose(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * ?new=true opens "New message"; ?subject= is its first title, cut to a title's length by the
 * component: DM_TITLE_MAX lives beside the message schemas, which would bring zod onto the first
 * load if this route's search parser (in the entry) imported it.
 */
interface DmsSearch {
  compose?: number;
  new?: boolean;
  subject?: string;
}

export const Route = createFileRoute('/dms')({
  validateSearch: (search: Record<string, unknown>): DmsSearch => {
    const compose = parseCompose(search.compose);
    const subject = typeof search.subject === 'string' ? search.subject : undefined;
    return {
      ...(compose === undefined ? {} : { compose }),
      ...(search.new === true || search.new === 'true' ? { new: true } : {}),
      ...(subject ? { subject } : {}),
    };
  },
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: DmsRoute,
});

function DmsRoute() {
  const search = Route.useSearch();
  const { data: session } = useSession();
  const navigate = Route.useNavigate();
  if (!session) return null;
  return (
    <MessagesPage
      userId={session.user.userId}
      composeTo={search.compose ?? null}
      newMessage={search.new === true}
      subject={search.subject?.slice(0, DM_TITLE_MAX) ?? null}
      onComposeDone={() => void navigate({ search: {}, replace: true })}
    />
  );
}
