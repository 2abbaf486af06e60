/**
 * The payments folder's front door (decision 0055): what modules (store, users) and jobs may
 * use. Repositories appear here as types only, so that a service can name what the composition
 * root (server/root/) hands it; the root builds them once.
 */
export type {
  BalanceAdjustment,
  BalanceAdjustmentRepository,
} from './balance-adjustment.repository';
export type { DormantRepository } from './dormant.repository';
export type { LedgerEntry, PaymentsRepository } from './payments.repository';
export { expireAllRoles, expireRoleOnRead, settleDormantBalances } from './expiry';
export type { Fulfilment, FulfilResult, PaymentNotice } from './fulfilment';
export type { WebhookEvent } from './provider';
export type { PaymentProviders } from './providers';
export { cancelledReturn, sameOriginRedirect } from './redirect-url';
