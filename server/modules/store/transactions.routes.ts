import type { FastifyInstance } from 'fastify';
import { TransactionQuerySchema } from '../../../domain/store';
import type { AppDeps } from '../../app-deps';
import { Forbidden } from '../../errors';
import { TransactionsRepository } from './transactions.repository';

/** GET /api/transaction: one's own purchases; ?all=true is the administrator's full ledger. */
export function transactionsRoutes(app: FastifyInstance, { db, sessions }: AppDeps): void {
  const transactions = new TransactionsRepository(db);

  app.get('/api/transaction', async (request) => {
    const auth = await sessions.requireUser(request);
    const { all, offset } = TransactionQuerySchema.parse(request.query);
    if (all && auth.user.is_admin !== 1) throw new Forbidden('Only administrators can do this');
    return transactions.page(all ? null : auth.user.user_id, offset);
  });
}
