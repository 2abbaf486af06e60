import type { Dialect } from '../db/database';
import { TooManyRequests } from '../errors';
import { MemoryWindows } from './rate-limit-memory';
import type { LimitWindow, RateLimitsRepository } from './rate-limit.repository';

export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimitConfig {
  loginPerIp: LimitRule;
  loginFailuresPerAccount: LimitRule;
  resetPerIp: LimitRule;
  resetPerEmail: LimitRule;
  /** PUT /api/reset_password: guessing codes, each guess able to cost a hash. */
  resetSubmitPerIp: LimitRule;
  registerPerIp: LimitRule;
  /** The answer tells whether an address has an account: attempts per address are few. */
  registerPerEmail: LimitRule;
  contactPerIp: LimitRule;
  /** POST /api/user/{id}/dm: direct messages one account may send. */
  dmPerSender: LimitRule;
  /** "Resend the confirmation e-mail": each one is a real mail, so few per account and network. */
  confirmResendPerUser: LimitRule;
  confirmResendPerIp: LimitRule;
  /** /rest sign-ins that failed, per address: apps call constantly, so only failures count. */
  subsonicFailuresPerIp: LimitRule;
  /** /rest sign-ins that failed for one user name (a known account or the name as typed). */
  subsonicFailuresPerAccount: LimitRule;
  /** Share link lookups that found nothing, per address (GET /api/share/{token}, /s/{token}). */
  shareMissesPerIp: LimitRule;
  /** Tracks one participant adds to one listening party (PUT /api/party/{token}/track). */
  partyAddsPerGuest: LimitRule;
  /** Votes one participant casts in one listening party (PUT /api/party/{token}/vote). */
  partyVotesPerGuest: LimitRule;
}

const MINUTE = 60_000;

/** The same windows with `scale` times the attempts (RATE_LIMIT_SCALE). */
export function scaleLimits(config: RateLimitConfig, scale: number): RateLimitConfig {
  const scaled = { ...config };
  for (const name of Object.keys(config) as Array<keyof RateLimitConfig>) {
    scaled[name] = { ...config[name], max: Math.ceil(config[name].max * scale) };
  }
  return scaled;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  loginPerIp: { max: 20, windowMs: MINUTE },
  loginFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
  resetPerIp: { max: 10, windowMs: 15 * MINUTE },
  resetPerEmail: { max: 3, windowMs: 60 * MINUTE },
  resetSubmitPerIp: { max: 20, windowMs: MINUTE },
  registerPerIp: { max: 20, windowMs: 60 * MINUTE },
  registerPerEmail: { max: 5, windowMs: 60 * MINUTE },
  contactPerIp: { max: 10, windowMs: 60 * MINUTE },
  dmPerSender: { max: 20, windowMs: 10 * MINUTE },
  confirmResendPerUser: { max: 3, windowMs: 60 * MINUTE },
  confirmResendPerIp: { max: 10, windowMs: 60 * MINUTE },
  subsonicFailuresPerIp: { max: 30, windowMs: 15 * MINUTE },
  subsonicFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
  shareMissesPerIp: { max: 60, windowMs: 15 * MINUTE },
  partyAddsPerGuest: { max: 20, windowMs: MINUTE },
  partyVotesPerGuest: { max: 60, windowMs: MINUTE },
};

/** Where windows are counted: this process (SQLite) or the shared database (PostgreSQL). */
export type LimitWindows = Pick<RateLimitsRepository, 'add' | 'find' | 'remove' | 'sweep'>;

/**
 * Windows in the database (`shared`, the root's repository) when several processes may serve
 * it, else in memory.
 */
export function limitWindowsFor(dialect: Dialect, shared: LimitWindows): LimitWindows {
  return dialect === 'postgres' ? shared : new MemoryWindows();
}

/**
 * Fixed-window counters keyed by "rule:subject". Every app server on one PostgreSQL database
 * shares them (decision 0049); on SQLite they live in the one process.
 */
export class RateLimiter {
  private lastSweep: number;

  constructor(
    readonly rules: RateLimitConfig,
    private readonly windows: LimitWindows = new MemoryWindows(),
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
  }

  /** Throws 429 when the subject already used up the rule's window. */
  async check(name: keyof RateLimitConfig, subject: string): Promise<void> {
    const now = this.now();
    const window = await this.windows.find(`${name}:${subject}`, now);
    if (window !== undefined && window.count >= this.rules[name].max) {
      throw new TooManyRequests((window.resetAt - now) / 1000);
    }
  }

  /** Counts one attempt. */
  async hit(name: keyof RateLimitConfig, subject: string): Promise<void> {
    await this.count(name, subject);
  }

  /**
   * Counts the attempt and throws 429 when it is one too many: a single counting step, so
   * parallel attempts (on any server) can never all pass a check made before the others count.
   */
  async consume(name: keyof RateLimitConfig, subject: string): Promise<void> {
    const now = this.now();
    const window = await this.count(name, subject);
    if (window.count > this.rules[name].max) {
      throw new TooManyRequests((window.resetAt - now) / 1000);
    }
  }

  async reset(name: keyof RateLimitConfig, subject: string): Promise<void> {
    await this.windows.remove(`${name}:${subject}`);
  }

  private async count(name: keyof RateLimitConfig, subject: string): Promise<LimitWindow> {
    const now = this.now();
    // Ended windows are dropped now and then, on a write, so neither the map nor the table grows.
    if (now - this.lastSweep >= MINUTE) {
      this.lastSweep = now;
      await this.windows.sweep(now);
    }
    return this.windows.add(`${name}:${subject}`, this.rules[name].windowMs, now);
  }
}
