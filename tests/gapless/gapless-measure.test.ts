import { describe, expect, it } from 'vitest';
import { discontinuity } from '../../e2e/support/gapless-measure';

const RATE = 48_000;
const LENGTH = 96_000;
const BOUNDARY = 48_333;

/** The sweep's shape (100 Hz rising to 3 kHz), as the e2e master is made. */
const reference = Float32Array.from({ length: LENGTH }, (_, n) => {
  const t = n / RATE;
  return 0.5 * Math.sin(2 * Math.PI * (100 * t + ((3000 - 100) / (2 * (LENGTH / RATE))) * t * t));
});

/** A capture: some silence first, then the reference with `change` samples at the boundary. */
function capture(change: number): Float32Array {
  const lead = new Float32Array(5_000);
  const before = reference.subarray(0, BOUNDARY);
  const after = change >= 0 ? reference.subarray(BOUNDARY) : reference.subarray(BOUNDARY - change);
  const out = new Float32Array(lead.length + before.length + Math.max(change, 0) + after.length);
  out.set(before, lead.length);
  out.set(after, lead.length + before.length + Math.max(change, 0));
  return out;
}

describe('discontinuity', () => {
  it('finds nothing where the sweep runs on', () => {
    const found = discontinuity(capture(0), reference, BOUNDARY);
    expect(found.score).toBeGreaterThan(0.99);
    expect(Math.abs(found.samples)).toBeLessThan(0.05);
  });

  it('measures silence inserted at the boundary as a gap', () => {
    expect(discontinuity(capture(37), reference, BOUNDARY).samples).toBeCloseTo(37, 1);
    expect(discontinuity(capture(1), reference, BOUNDARY).samples).toBeCloseTo(1, 1);
  });

  it('measures samples lost at the boundary as an overlap', () => {
    expect(discontinuity(capture(-529), reference, BOUNDARY).samples).toBeCloseTo(-529, 1);
  });
});
