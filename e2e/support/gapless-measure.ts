/**
 * Finds the discontinuity at a track boundary in captured audio (issue 33 §1): where the audio
 * just before and just after the boundary sits in the reference sweep. With no gap and no
 * overlap the two windows are as far apart in the capture as in the reference; the difference
 * (in samples, sub-sample by parabolic interpolation) is the gap (positive) or overlap.
 */

/** Window length and its distance from the boundary: clear of the codecs' frame around it. */
const WINDOW = 1024;
const AWAY = 3072;

/** Normalised cross-correlation of `reference[at..at+WINDOW]` with `signal` from `offset`. */
function ncc(signal: Float32Array, offset: number, reference: Float32Array, at: number): number {
  let dot = 0;
  let a = 0;
  let b = 0;
  for (let i = 0; i < WINDOW; i += 1) {
    const x = signal[offset + i]!;
    const y = reference[at + i]!;
    dot += x * y;
    a += x * x;
    b += y * y;
  }
  return a > 0 && b > 0 ? dot / Math.sqrt(a * b) : 0;
}

/** Where (fractional index) the reference window at `at` best matches in `signal[from..to)`. */
export function locate(
  signal: Float32Array,
  reference: Float32Array,
  at: number,
  from = 0,
  to = signal.length - WINDOW,
): { index: number; score: number } {
  let best = -Infinity;
  let bestAt = -1;
  for (let o = Math.max(0, from); o <= Math.min(to, signal.length - WINDOW); o += 1) {
    const score = ncc(signal, o, reference, at);
    if (score > best) [best, bestAt] = [score, o];
  }
  if (bestAt <= 0 || bestAt >= signal.length - WINDOW) return { index: bestAt, score: best };
  const left = ncc(signal, bestAt - 1, reference, at);
  const right = ncc(signal, bestAt + 1, reference, at);
  const curve = left - 2 * best + right;
  const shift = curve < 0 ? (0.5 * (left - right)) / curve : 0;
  return { index: bestAt + shift, score: best };
}

export interface Discontinuity {
  /** Samples: positive a gap (extra samples heard), negative an overlap (samples lost). */
  samples: number;
  /** The lower of the two windows' match scores (1: identical shape). */
  score: number;
}

/**
 * The discontinuity where the reference's sample `incoming` should follow its sample
 * `outgoing - 1` in `captured` (a plain boundary: both the cut; a repeat or a queue edit joins
 * two places of the sweep).
 */
export function discontinuity(
  captured: Float32Array,
  reference: Float32Array,
  outgoing: number,
  incoming = outgoing,
  /**
   * Which side is looked for in the whole capture (the other within 100 ms of where it
   * belongs): the side heard only once (a repeated track's end is heard at every repeat).
   */
  anchor: 'before' | 'after' = 'before',
): Discontinuity {
  const expected = 2 * AWAY + WINDOW;
  const slack = 4800;
  const beforeAt = outgoing - AWAY - WINDOW;
  const afterAt = incoming + AWAY;
  let before: { index: number; score: number };
  let after: { index: number; score: number };
  if (anchor === 'before') {
    before = locate(captured, reference, beforeAt);
    const from = Math.round(before.index + expected - slack);
    after = locate(captured, reference, afterAt, from, from + 2 * slack);
  } else {
    after = locate(captured, reference, afterAt);
    const from = Math.round(after.index - expected - slack);
    before = locate(captured, reference, beforeAt, from, from + 2 * slack);
  }
  return {
    samples: after.index - before.index - expected,
    score: Math.min(before.score, after.score),
  };
}

/**
 * Samples heard after the sweep's last one (positive) or missing from its end (negative): where
 * a window near the end sits in the capture, against the last sample that is not silence.
 */
export function endError(
  captured: Float32Array,
  reference: Float32Array,
  threshold = 1e-4,
): number {
  const at = reference.length - AWAY - WINDOW;
  const found = locate(captured, reference, at);
  let last = captured.length - 1;
  while (last > 0 && Math.abs(captured[last]!) < threshold) last -= 1;
  return last + 1 - found.index - (AWAY + WINDOW);
}
