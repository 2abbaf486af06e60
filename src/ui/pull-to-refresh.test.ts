import { describe, expect, it } from 'vitest';
import { PULL_MAX, pullDistance, pullStateFor } from './pull-to-refresh';

describe('pull-to-refresh', () => {
  it('follows the finger at half speed and stops at 140 px', () => {
    expect(pullDistance(-10)).toBe(0);
    expect(pullDistance(30)).toBe(30);
    expect(pullStateFor(pullDistance(21))).toBe('pulled');
    expect(pullStateFor(pullDistance(20))).toBe('pull');
    expect(pullDistance(1000)).toBe(PULL_MAX);
  });

  it('is "pull" until past the 20 px threshold, then "pulled"', () => {
    expect(pullStateFor(0)).toBe('idle');
    expect(pullStateFor(20)).toBe('pull');
    expect(pullStateFor(21)).toBe('pulled');
  });
});
