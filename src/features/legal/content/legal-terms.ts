/**
 * Figures and names stated in the legal documents. Each one is defined here once and interpolated
 * into the texts, so a change to a term only has to be made in this file.
 *
 * Self-hosting owners: replace the operator details below with your own.
 */

/** Date of the current revision of every legal document (YYYY-MM-DD). */
export const LEGAL_UPDATED = '2026-11-21';

// Operator
export const OPERATOR_NAME = 'Musicbox Ltd';
export const OPERATOR_JURISDICTION = 'England and Wales';
export const OPERATOR_COUNTRY = 'the United Kingdom (UK)';
export const OPERATOR_DESCRIPTION = `${OPERATOR_NAME}, a company registered in ${OPERATOR_JURISDICTION}`;
export const SERVICE_NAME = 'Musicbox';
export const SELF_HOSTING_NOTE = `${SERVICE_NAME} is self-hostable software: anyone can run their own installation of it. These documents name ${OPERATOR_DESCRIPTION}, as the operator. If you use an installation of ${SERVICE_NAME} run by someone else, that person or organisation is the operator, and they are expected to replace the operator details in these documents with their own.`;
export const CONTACT_PAGE = 'the contact page (/contact)';

// Store and balance
export const CURRENCY_NAME = 'euros';
export const SERVICE_FEE_PERCENT = 25;
export const MIN_DEPOSIT_EUR = 5;
export const DEPOSIT_DISCOUNT_DAYS = 30;
export const DORMANT_BALANCE_DAYS = 180;

// Accounts
export const MINIMUM_AGE = 13;
export const IDENTITY_VERIFICATION_EMAIL_DAYS = 7;
export const DELETION_REQUEST_DAYS = 30;
export const CLAIMS_LIMIT_YEARS = 1;

// Privacy
export const RETENTION_USER_MONTHS = 24;
export const RETENTION_ARTIST_LABEL_MONTHS = 36;
export const RETENTION_DISTRIBUTOR_MONTHS = 18;
export const ACCESS_REQUEST_RESPONSE_DAYS = 45;
export const ACCESS_REQUESTS_PER_PERIOD = 2;
export const ACCESS_REQUEST_PERIOD_MONTHS = 12;
export const PERSONAL_DATA_CATEGORIES = [
  'name',
  'surname',
  'email address',
  'photo',
  'postal address',
  'social links',
  'biography',
  'payment data',
  'company data',
] as const;

// Data processing
export const BREACH_NOTICE_HOURS = 24;
export const SUBPROCESSOR_OBJECTION_DAYS = 5;
export const ERASURE_AFTER_CONTRACT_DAYS = 60;
export const TRANSFER_PASSWORD_MIN_LENGTH = 12;

// Takedown
export const COUNTER_NOTICE_RESTORE_BUSINESS_DAYS = 10;

// Browser storage
export const SESSION_COOKIE_NAME = 'session';
export const SESSION_COOKIE_DAYS = 30;
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const THEME_STORAGE_KEY = 'darkTheme';
export const VOLUME_STORAGE_KEY = 'volume';

/** "1 day", "30 days", "1 year", "24 months"… */
export function count(n: number, unit: string): string {
  return `${n} ${n === 1 ? unit : `${unit}s`}`;
}

/** "once", "twice", "3 times". */
export function times(n: number): string {
  if (n === 1) return 'once';
  if (n === 2) return 'twice';
  return `${n} times`;
}

/** "a, b and c". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export const EUR = (amount: number): string => `${amount} ${CURRENCY_NAME}`;
