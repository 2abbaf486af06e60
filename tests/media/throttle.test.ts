import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Throttle } from '../../server/media/throttle';

/** What the throttle has let through so far, read without waiting. */
const drain = (throttle: Throttle): number => {
  let bytes = 0;
  for (let chunk: Buffer | null; (chunk = throttle.read() as Buffer | null) !== null;)
    bytes += chunk.length;
  return bytes;
};

describe('Throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets the head start through at once, then the rate, a tenth of a second at a time', async () => {
    const throttle = new Throttle(100_000, 300_000);
    throttle.write(Buffer.alloc(1_000_000));
    await vi.advanceTimersByTimeAsync(0);
    let out = drain(throttle);
    expect(out).toBe(300_000);
    await vi.advanceTimersByTimeAsync(1000);
    out += drain(throttle);
    expect(out).toBe(400_000);
    await vi.advanceTimersByTimeAsync(5000);
    out += drain(throttle);
    expect(out).toBe(900_000);
    throttle.destroy();
  });

  it('without a head start holds the first slice to its tenth of a second (a role limit)', async () => {
    const throttle = new Throttle(100_000);
    throttle.write(Buffer.alloc(50_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(drain(throttle)).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(drain(throttle)).toBe(10_000);
    throttle.destroy();
  });
});
