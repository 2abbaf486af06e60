import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatDateTime,
  formatLocalDate,
  formatBytes,
  formatDate,
  formatDuration,
  formatLimit,
  formatMoney,
  formatSampleRate,
  formatSpeed,
} from './format';

describe('formatMoney', () => {
  it('shows cents as value/100 with two decimals and EUR', () => {
    expect(formatMoney(1999)).toBe('19.99 EUR');
    expect(formatMoney(500)).toBe('5.00 EUR');
    expect(formatMoney(1250)).toBe('12.50 EUR');
    expect(formatMoney(0)).toBe('0.00 EUR');
  });
});

describe('formatDuration', () => {
  it('shows minutes:seconds with two-digit seconds', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59.9)).toBe('0:59');
    expect(formatDuration(3725)).toBe('62:05');
  });
  it('treats missing or invalid values as zero', () => {
    expect(formatDuration(null)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(-3)).toBe('0:00');
  });
});

describe('formatBytes', () => {
  it('uses 1024-based units', () => {
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5242880)).toBe('5 MB');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024 ** 3 * 2.25)).toBe('2.25 GB');
  });
  it('stops at YB', () => {
    expect(formatBytes(1024 ** 8)).toBe('1 YB');
    expect(formatBytes(1024 ** 9)).toBe('1024 YB');
  });
});

describe('formatSpeed', () => {
  it('shows bytes per second / 1000 in kbps', () => {
    expect(formatSpeed(125000)).toBe('125 kbps');
  });
  it('shows infinity when unthrottled', () => {
    expect(formatSpeed(null)).toBe('\u221e');
  });
});

describe('formatLimit', () => {
  it('shows remaining / limit', () => {
    expect(formatLimit(7, 10)).toBe('7 / 10');
  });
  it('shows infinity for a missing limit or remaining count', () => {
    expect(formatLimit(7, null)).toBe('7 / \u221e');
    expect(formatLimit(null, undefined)).toBe('\u221e / \u221e');
  });
});

describe('formatSampleRate and formatDate', () => {
  it('shows KHz', () => {
    expect(formatSampleRate(44100)).toBe('44.1 KHz');
    expect(formatSampleRate(48000)).toBe('48 KHz');
  });
  it('keeps the date part', () => {
    expect(formatDate('2026-12-31T10:00:00.000Z')).toBe('2026-12-31');
    expect(formatDate(null)).toBe('');
  });
});

describe('dates and counts', () => {
  it('formats moments without seconds and counts with the right noun form', () => {
    expect(formatDateTime('2026-03-04T05:06:07')).toBe('2026-03-04 05:06');
    expect(formatLocalDate('2026-03-04T05:06:07')).toBe('2026-03-04');
    expect(formatDateTime(null)).toBe('');
    expect(formatLocalDate('nonsense')).toBe('');
    expect(countOf(1, 'download')).toBe('1 download');
    expect(countOf(2, 'download')).toBe('2 downloads');
    expect(countOf(0, 'play')).toBe('0 plays');
  });
});
