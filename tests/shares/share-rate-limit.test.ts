import { describe, expect, it } from 'vitest';
import { perFile, setUpApp } from '../helpers/setup';
import { visitor } from './share-helpers';

const c = perFile(() =>
  setUpApp({ rateLimits: { shareMissesPerIp: { max: 3, windowMs: 60_000 } } }),
);

describe('GET /api/share/{token}: guessing is limited per address', () => {
  it('answers 429 once an address has missed too often; other addresses are unaffected', async () => {
    const guesser = visitor(c.t, '203.0.113.9');
    for (let i = 0; i < 3; i++) {
      expect((await guesser.get(`/api/share/${'B'.repeat(23)}${i}`)).statusCode).toBe(404);
    }
    expect((await guesser.get(`/api/share/${'C'.repeat(24)}`)).statusCode).toBe(429);
    expect((await guesser.get(`/s/${'C'.repeat(24)}`)).statusCode).toBe(429);
    expect(
      (await visitor(c.t, '203.0.113.10').get(`/api/share/${'C'.repeat(24)}`)).statusCode,
    ).toBe(404);
  });
});
