import { z } from 'zod';
import { positiveId } from './params';
import { PaymentProviderSchema } from './settings';

/**
 * The store's wire shapes (spec part 2, sections 3 and 7). Money is integer cents; a sale is a
 * fraction (0.2 means the full price is price * 1.2, shown struck through).
 */

/** Legal terms (part 2, section 9): the smallest deposit is 5 EUR. */
export const MIN_DEPOSIT_CENTS = 500;
/** Legal terms: the service fee on every sale and tip is 25% of the price. */
export const SERVICE_FEE_RATE = 0.25;
/** Legal terms: balance untouched this long is taken as a fee; a notice goes out 30 days before. */
export const DORMANT_BALANCE_DAYS = 180;
export const DORMANT_NOTICE_DAYS = 30;

const cents = (field: string) =>
  z
    .number({ error: `${field} must be a number of cents` })
    .int({ error: `${field} must be a whole number of cents` })
    .nonnegative({ error: `${field} cannot be negative` })
    .max(100_000_000, { error: `${field} is too large` });

export const ProductSchema = z.object({
  productId: z.number().int(),
  productTitle: z.string(),
  /** Rich text (HTML); sanitised by the server on save and rendered as sanitised HTML. */
  productDescription: z.string(),
  /** The role the product grants, or null. */
  productRole: z.number().int().nullable(),
  /** Days the granted role lasts; null means it never expires. */
  productRoleDuration: z.number().int().nullable(),
  productPrice: z.number().int(),
  productSale: z.number(),
  productInvites: z.number().int(),
  productBalance: z.number().int(),
  productSubscription: z.boolean(),
  productCollectionId: z.number().int().nullable(),
  productTranscode: z.boolean(),
});
export type Product = z.infer<typeof ProductSchema>;

/** PUT /api/product (create) and POST /api/product/{id} (edit, any subset). */
export const ProductInputSchema = z.object({
  productTitle: z.string().trim().min(1, { error: 'productTitle is required' }).max(200),
  productDescription: z.string().max(20_000, { error: 'productDescription is too long' }),
  productRole: z.number().int().positive().nullable(),
  productRoleDuration: z.number().int().min(1).max(36_500).nullable(),
  productPrice: cents('productPrice'),
  productSale: z
    .number()
    .min(0, { error: 'productSale must be from 0 to 10' })
    .max(10, { error: 'productSale must be from 0 to 10' }),
  productInvites: z.number().int().min(0).max(10_000),
  productBalance: cents('productBalance'),
  productSubscription: z.boolean(),
  productCollectionId: z.number().int().positive().nullable(),
  productTranscode: z.boolean(),
});
export const ProductCreateSchema = ProductInputSchema.partial().required({
  productTitle: true,
  productPrice: true,
});
export const ProductUpdateSchema = ProductInputSchema.partial();
export type ProductInput = z.infer<typeof ProductUpdateSchema>;

/** The price before the sale: price * (1 + sale), in cents. */
export const fullPrice = (product: Pick<Product, 'productPrice' | 'productSale'>): number =>
  Math.round(product.productPrice * (1 + product.productSale));

/**
 * POST /api/payments/checkout. `balance` is what the part 1 client sends: `true` when paying
 * with the account balance. The store's top-up card sends no productId and the amount to add in
 * cents as `balance` (see docs/decisions for the shape).
 */
export const CheckoutRequestSchema = z.object({
  productId: z.number().int().positive().nullish(),
  balance: z.union([z.boolean(), z.number().int()]).nullish(),
  provider: PaymentProviderSchema,
  /** A same-origin path (or an absolute URL on this site) to come back to after paying. */
  redirectUrl: z.string().max(2048).nullish(),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

export const CheckoutAnswerSchema = z.object({
  /** Where to continue paying (stripe, sellix); absent when the purchase is already complete. */
  checkoutUrl: z.string().nullish(),
  transactionId: z.number().int().nullish(),
});

/** POST /api/payments/buy_collection */
export const BuyCollectionRequestSchema = z.object({
  collectionId: z.number().int().positive(),
  transcode: z.boolean().optional().default(false),
});
export const BuyCollectionAnswerSchema = z.object({
  productId: z.number().int(),
  productPrice: z.number().int(),
});

/** GET /api/payments/subscription: null when the user has none. */
export const SubscriptionSchema = z.object({
  subscriptionId: z.number().int(),
  subscriptionNextCharge: z.string().nullable(),
  subscriptionActive: z.boolean(),
  product: ProductSchema,
});
export type Subscription = z.infer<typeof SubscriptionSchema>;
export const SubscriptionAnswerSchema = z.object({ subscription: SubscriptionSchema.nullable() });

export const CheckoutInfoSchema = z.object({
  checkoutProvider: PaymentProviderSchema,
  /** pending until the provider says it is paid; failed when it says it is not. */
  checkoutStatus: z.enum(['pending', 'paid', 'failed']),
});

/** GET /api/transaction (own, newest first) and GET /api/transaction?all=true (admin). */
export const TransactionSchema = z.object({
  transactionId: z.number().int(),
  transactionDate: z.string(),
  transactionUserId: z.number().int(),
  userName: z.string(),
  /** Cents paid (a top-up: cents added). */
  transactionAmount: z.number().int(),
  /** The service fee taken from it (25%); the seller's net is amount - fee. */
  transactionFee: z.number().int(),
  /** What was bought; null for a top-up or a dormant-balance fee. */
  product: ProductSchema.nullable(),
  checkout: CheckoutInfoSchema,
  subscription: z.object({ subscriptionId: z.number().int() }).nullable(),
  /** Why money moved: purchase, topup, renewal, dormant_fee, adjustment (by an administrator). */
  transactionKind: z.enum(['purchase', 'topup', 'renewal', 'dormant_fee', 'adjustment']),
});
export type Transaction = z.infer<typeof TransactionSchema>;
export const TransactionPageSchema = z.object({
  items: z.array(TransactionSchema),
  /** Offset to ask for next; null at the end. */
  nextOffset: z.number().int().nullable(),
});
export const TRANSACTION_PAGE_SIZE = 50;

export const TransactionQuerySchema = z.object({
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional().default(0),
});

export type CheckoutAnswer = z.infer<typeof CheckoutAnswerSchema>;
export type BuyCollectionAnswer = z.infer<typeof BuyCollectionAnswerSchema>;
export type SubscriptionAnswer = z.infer<typeof SubscriptionAnswerSchema>;
export type TransactionPage = z.infer<typeof TransactionPageSchema>;

/** /api/product/{productId} */
export const ProductParamsSchema = z.object({ productId: positiveId('productId') });

/** POST /api/payments/webhook/{provider}: the event was verified and applied (or already was). */
export const WebhookAnswerSchema = z.object({ received: z.literal(true), fulfilled: z.boolean() });
export type WebhookAnswer = z.infer<typeof WebhookAnswerSchema>;
