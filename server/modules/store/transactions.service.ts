import type { TransactionPage } from '../../../domain/store';
import type { Caller } from '../../access/caller';
import { ledgerScope } from '../../access/store';
import type { TransactionsRepository } from './transactions.repository';

/** The ledger as its readers see it: one's own purchases, or all of them for administrators. */
export class TransactionsService {
  constructor(private readonly repo: TransactionsRepository) {}

  page(caller: Caller, all: boolean, offset: number): Promise<TransactionPage> {
    return this.repo.page(ledgerScope(caller, all), offset);
  }
}
