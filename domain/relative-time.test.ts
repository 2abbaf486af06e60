import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-01-10T12:00:00Z');

describe('relativeTime', () => {
  it('says just now for the last minute', () => {
    expect(relativeTime('2026-01-10T11:59:30Z', now)).toBe('just now');
  });
  it('uses the largest fitting unit', () => {
    expect(relativeTime('2026-01-10T11:57:00Z', now)).toBe('3 minutes ago');
    expect(relativeTime('2026-01-09T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2025-01-10T12:00:00Z', now)).toBe('last year');
  });
  it('is empty for an unreadable date', () => {
    expect(relativeTime('nope', now)).toBe('');
  });
});
