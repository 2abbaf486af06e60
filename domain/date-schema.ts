import { z } from 'zod';
import { isCalendarDate } from './dates';

// Apart from dates.ts so the client's first load (browse search params) does not pull in zod.
/** Every YYYY-MM-DD field on the wire: the shape alone would let "2024-13-45" through. */
export const CalendarDateSchema = z
  .string()
  .refine(isCalendarDate, { error: 'must be a real calendar date written YYYY-MM-DD' });
