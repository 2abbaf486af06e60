/**
 * Fixed rate-limit windows shared by every app server on one PostgreSQL database
 * (migration 0021, decision 0049). Times are epoch milliseconds: the window arithmetic runs in
 * the one upsert, and numbers compare the same on both dialects.
 */
export interface RateLimitWindowsTable {
  /** "rule:subject", e.g. "loginPerIp:203.0.113.7". */
  limit_key: string;
  hits: number;
  /** bigint: PostgreSQL hands it back as a string. */
  reset_at: number | string;
}

export interface RateLimitTables {
  rate_limit_windows: RateLimitWindowsTable;
}
