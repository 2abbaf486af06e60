import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { requireSession } from '../../app/guards';
import { TicketPage } from '../../features/support/components/ticket-page';

const Params = z.object({ id: z.coerce.number().int().positive() });

export const Route = createFileRoute('/support/$id')({
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  component: function TicketRoute() {
    const parsed = Params.safeParse(Route.useParams());
    // A malformed id is a ticket that does not exist; the page shows its 404 text.
    return <TicketPage ticketId={parsed.success ? parsed.data.id : 0} />;
  },
});
