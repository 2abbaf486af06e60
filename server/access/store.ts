import { requireAdmin, type Caller } from './caller';

/**
 * Whose ledger a caller reads: their own purchases, or with `all` the whole ledger, which is an
 * administrator's (null = everyone's).
 */
export function ledgerScope(caller: Caller, all: boolean): number | null {
  if (!all) return caller.userId;
  requireAdmin(caller);
  return null;
}
