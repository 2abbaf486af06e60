import { TooManyRequests } from '../../errors';

/**
 * A fixed window per user for one call. The shared RateLimiter's rules are a closed set of
 * named login/contact limits; this call's budget belongs with the call.
 */
export class PerUserLimit {
  private readonly windows = new Map<number, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  consume(userId: number): void {
    const now = this.now();
    if (this.windows.size > 10_000) {
      for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    }
    let window = this.windows.get(userId);
    if (window === undefined || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(userId, window);
    }
    if (window.count >= this.max) throw new TooManyRequests((window.resetAt - now) / 1000);
    window.count += 1;
  }
}
