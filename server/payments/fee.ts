import { SERVICE_FEE_RATE } from '../../domain/store';

// The legal terms say 25%; kept as a whole percent so the split is exact integer arithmetic.
const FEE_PERCENT = Math.round(SERVICE_FEE_RATE * 100);

/** The service fee on a sale (round half up, integer cents) and what is left for the seller. */
export function splitFee(amountCents: number): { fee: number; net: number } {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new Error(`amount must be whole non-negative cents, got ${amountCents}`);
  }
  const fee = Math.floor((amountCents * FEE_PERCENT + 50) / 100);
  return { fee, net: amountCents - fee };
}
