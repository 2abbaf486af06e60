/**
 * A write refused by a unique index, on either database: two requests racing for one slot
 * (a name, a party's upcoming track), where the index decides and the loser is told.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  return code === '23505' || /UNIQUE constraint failed/i.test(message);
}
