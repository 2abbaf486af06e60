import { queryOptions, useQuery } from '@tanstack/react-query';
import { TicketDetailSchema, type TicketDetail } from '../../../../domain/ticket';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/ticket/{id}: the ticket, its messages with their authors, and the attachments. */
export const ticketQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.support.ticket(id),
    queryFn: ({ signal }) =>
      api<TicketDetail>('GET', `/api/ticket/${id}`, undefined, {
        schema: TicketDetailSchema,
        signal,
        silent: true,
      }),
  });

export const useTicket = (id: number) => useQuery(ticketQuery(id));
