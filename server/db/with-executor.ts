import type { Transaction } from 'kysely';
import type { Db } from './database';
import type { Database } from './tables';

/**
 * The same repository with its queries run on `executor`, usually a transaction (decision 0055).
 * Every repository holds its executor in a field named `db` (decision 0040), so a view whose
 * `db` is the transaction shares everything else with the one instance the root built: a
 * service never constructs a repository to join a transaction.
 */
export function withExecutor<T extends object>(
  repository: T,
  executor: Db | Transaction<Database>,
): T {
  if ((repository as { db?: unknown }).db === executor) return repository;
  const bound = Object.create(repository) as T;
  Object.defineProperty(bound, 'db', { value: executor });
  return bound;
}
