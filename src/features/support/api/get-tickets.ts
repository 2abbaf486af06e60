import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TicketSchema, type Ticket } from '../../../../domain/ticket';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/ticket: the caller's tickets (every ticket for administrators). */
export const ticketsQuery = () =>
  queryOptions({
    queryKey: queryKeys.support.list(),
    queryFn: ({ signal }) =>
      api<Ticket[]>('GET', '/api/ticket', undefined, {
        schema: z.array(TicketSchema),
        signal,
        silent: true,
      }),
  });

export const useTickets = () => useQuery(ticketsQuery());
