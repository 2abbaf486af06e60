/** Prefix of the provider callbacks: no session, no XSRF header, signed bodies instead. */
export const WEBHOOK_PREFIX = '/api/payments/webhook/';
