import type { FastifyInstance } from 'fastify';
import { TransactionQuerySchema } from '../../../domain/store';
import type { AppDeps } from '../../app-deps';
import { TransactionsRepository } from './transactions.repository';
import { TransactionsService } from './transactions.service';

/** GET /api/transaction: one's own purchases; ?all=true is the administrator's full ledger. */
export function transactionsRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const transactions = new TransactionsService(new TransactionsRepository(db));

  app.get('/api/transaction', async (request) => {
    const { all, offset } = TransactionQuerySchema.parse(request.query);
    return transactions.page(await request.caller(), all, offset);
  });
}
