import { z } from 'zod';
import { PaymentProviderSchema } from './settings';

/**
 * One provider as administrators see it on the settings screen (issue 30): whether the
 * setting offers it, whether this server has its keys, which variables are missing (names,
 * never values), the webhook address to paste at the provider, and whether its key is a
 * test key (null when there is no key or the provider does not tell).
 */
export const PaymentProviderStatusSchema = z.object({
  provider: PaymentProviderSchema,
  enabled: z.boolean(),
  configured: z.boolean(),
  missing: z.array(z.string()),
  webhookUrl: z.string().nullable(),
  testMode: z.boolean().nullable(),
});
export type PaymentProviderStatus = z.infer<typeof PaymentProviderStatusSchema>;

/** GET /api/payments/status: every provider, and whether a buyer can pay any way but balance. */
export const PaymentsStatusSchema = z.object({
  providers: z.array(PaymentProviderStatusSchema),
  /** A provider that takes money (not only balance) is both enabled and configured. */
  canTakePayments: z.boolean(),
});
export type PaymentsStatus = z.infer<typeof PaymentsStatusSchema>;

export const ExternalProviderSchema = z.enum(['stripe', 'sellix'], {
  error: 'the provider is stripe or sellix',
});
export const PaymentsCheckParams = z.object({ provider: ExternalProviderSchema });

/** POST /api/payments/status/{provider}/check: one authenticated read with the key. */
export const PaymentsCheckSchema = z.object({
  provider: ExternalProviderSchema,
  ok: z.boolean(),
  testMode: z.boolean().nullable(),
  message: z.string(),
});
export type PaymentsCheck = z.infer<typeof PaymentsCheckSchema>;
