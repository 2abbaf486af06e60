import { TooManyRequests } from '../errors';

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
};

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters in memory, keyed by "rule:subject". One process serves the app,
 * so nothing needs sharing; a restart forgets the counts, which only ever helps a user.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = Date.now();

  constructor(
    readonly rules: RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {}

  private current(key: string, rule: LimitRule): Window {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(key, window);
    }
    return window;
  }

  /** Throws 429 when the subject already used up the rule's window. */
  check(name: keyof RateLimitConfig, subject: string): void {
    const rule = this.rules[name];
    const window = this.current(`${name}:${subject}`, rule);
    if (window.count >= rule.max) {
      throw new TooManyRequests((window.resetAt - this.now()) / 1000);
    }
  }

  /** Counts one attempt. */
  hit(name: keyof RateLimitConfig, subject: string): void {
    this.current(`${name}:${subject}`, this.rules[name]).count += 1;
  }

  /** check then hit: for rules where every attempt counts. */
  consume(name: keyof RateLimitConfig, subject: string): void {
    this.check(name, subject);
    this.hit(name, subject);
  }

  reset(name: keyof RateLimitConfig, subject: string): void {
    this.windows.delete(`${name}:${subject}`);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < MINUTE) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
