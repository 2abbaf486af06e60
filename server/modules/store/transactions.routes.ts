import type { FastifyInstance } from 'fastify';
import { TransactionQuerySchema } from '../../../domain/store';
import type { AppDeps } from '../../app-deps';
import { TransactionsRepository } from './transactions.repository';

/** GET /api/transaction: one's own purchases; ?all=true is the administrator's full ledger. */
export function transactionsRoutes(app: FastifyInstance, { db, sessions }: AppDeps): void {
  const transactions = new TransactionsRepository(db);

  app.get('/api/transaction', async (request) => {
    const { all, offset } = TransactionQuerySchema.parse(request.query);
    const auth = all ? await sessions.requireAdmin(request) : await sessions.requireUser(request);
    return transactions.page(all ? null : auth.user.user_id, offset);
  });
}
