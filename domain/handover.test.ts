import { describe, expect, it } from 'vitest';
import {
  HANDOVER_LEAD_MS,
  HANDOVER_SLACK_MS,
  HANDOVER_WINDOW_MS,
  planHandover,
  type HandoverInput,
} from './handover';

const base: HandoverInput = {
  duration: 180,
  currentTime: 179.5,
  playbackRate: 1,
  paused: false,
  seeking: false,
  spareReady: true,
};

describe('planHandover', () => {
  it('aims the timer at the end minus the lead', () => {
    expect(planHandover(base)).toEqual({ kind: 'wait', ms: 500 - HANDOVER_LEAD_MS });
  });

  it('scales the remaining time by the playback rate', () => {
    const plan = planHandover({ ...base, currentTime: 179, playbackRate: 2 });
    expect(plan).toEqual({ kind: 'wait', ms: 500 - HANDOVER_LEAD_MS });
    const slow = planHandover({ ...base, currentTime: 179.8, playbackRate: 0.5 });
    expect(slow.kind).toBe('wait');
    expect(slow.kind === 'wait' && slow.ms).toBeCloseTo(400 - HANDOVER_LEAD_MS, 6);
  });

  it('does not arm a timer far from the end', () => {
    const justOutside = 180 - (HANDOVER_WINDOW_MS + 1) / 1000;
    expect(planHandover({ ...base, currentTime: justOutside })).toEqual({ kind: 'none' });
    expect(planHandover({ ...base, currentTime: 10 })).toEqual({ kind: 'none' });
    // At the edge of the window a timer is armed.
    expect(planHandover({ ...base, currentTime: 179 }).kind).toBe('wait');
  });

  it('starts at once within the lead plus the slack, and past the end', () => {
    const edge = (HANDOVER_LEAD_MS + HANDOVER_SLACK_MS) / 1000;
    expect(planHandover({ ...base, currentTime: 180 - edge + 0.0005 })).toEqual({ kind: 'now' });
    expect(planHandover({ ...base, currentTime: 180 - edge - 0.002 }).kind).toBe('wait');
    expect(planHandover({ ...base, currentTime: 180 })).toEqual({ kind: 'now' });
  });

  it('leaves the end to `ended` when paused, seeking or the spare is not ready', () => {
    expect(planHandover({ ...base, paused: true })).toEqual({ kind: 'none' });
    expect(planHandover({ ...base, seeking: true })).toEqual({ kind: 'none' });
    expect(planHandover({ ...base, spareReady: false })).toEqual({ kind: 'none' });
  });

  it('falls back when the length is unknown (live transcodes) or the rate is not forward', () => {
    expect(planHandover({ ...base, duration: Infinity })).toEqual({ kind: 'none' });
    expect(planHandover({ ...base, duration: NaN })).toEqual({ kind: 'none' });
    expect(planHandover({ ...base, duration: 0, currentTime: 0 })).toEqual({ kind: 'none' });
    expect(planHandover({ ...base, playbackRate: 0 })).toEqual({ kind: 'none' });
    expect(planHandover({ ...base, playbackRate: -1 })).toEqual({ kind: 'none' });
    expect(planHandover({ ...base, currentTime: NaN })).toEqual({ kind: 'none' });
  });
});
