import type { FastifyInstance } from 'fastify';
import { TransactionPageSchema, TransactionQuerySchema } from '../../../domain/store';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

/** GET /api/transaction: one's own purchases; ?all=true is the administrator's full ledger. */
export function transactionsRoutes(app: FastifyInstance, { services }: AppDeps): void {
  const { transactions } = services;

  api(app).get(
    '/api/transaction',
    {
      preValidation: signedIn,
      schema: {
        tags: ['store'],
        querystring: TransactionQuerySchema,
        response: { 200: TransactionPageSchema },
      },
    },
    async (request) =>
      transactions.page(await request.caller(), request.query.all, request.query.offset),
  );
}
