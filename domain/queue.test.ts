import { describe, expect, it } from 'vitest';
import {
  append,
  hasNext,
  hasPrevious,
  nextRepeatMode,
  removeAt,
  stepEnded,
  stepJump,
  stepNext,
  stepPrevious,
  stopped,
  type QueueState,
  type RepeatMode,
} from './queue';

const q = (index: number, repeat: RepeatMode = 'none', length = 3): QueueState<string> => ({
  queue: ['a', 'b', 'c'].slice(0, length),
  index,
  repeat,
});

describe('repeat toggle', () => {
  it('cycles none, single, queue, none', () => {
    expect(nextRepeatMode('none')).toBe('single');
    expect(nextRepeatMode('single')).toBe('queue');
    expect(nextRepeatMode('queue')).toBe('none');
  });
});

describe('previous and next buttons', () => {
  it('disables previous at the first item and next at the last', () => {
    expect(hasPrevious(q(0))).toBe(false);
    expect(hasNext(q(0))).toBe(true);
    expect(hasPrevious(q(2))).toBe(true);
    expect(hasNext(q(2))).toBe(false);
    expect(hasNext({ queue: [], index: -1, repeat: 'none' })).toBe(false);
  });

  it('moves to the neighbouring item', () => {
    expect(stepNext(q(0))).toEqual({ kind: 'play', index: 1 });
    expect(stepPrevious(q(2))).toEqual({ kind: 'play', index: 1 });
  });

  it('pauses and rewinds when skipping past the bounds', () => {
    expect(stepNext(q(2))).toEqual({ kind: 'rewind', index: 2 });
    expect(stepPrevious(q(0))).toEqual({ kind: 'rewind', index: 0 });
    // Repeat queue does not make the next button wrap: only the end of a track does.
    expect(stepNext(q(2, 'queue'))).toEqual({ kind: 'rewind', index: 2 });
  });

  it('stops on an empty queue', () => {
    expect(stepNext({ queue: [], index: -1, repeat: 'none' })).toEqual({ kind: 'stop' });
  });
});

describe('end of a track', () => {
  it('repeat none moves to the next item', () => {
    expect(stepEnded(q(0, 'none'))).toEqual({ kind: 'play', index: 1 });
  });
  it('repeat none pauses and rewinds after the last item', () => {
    expect(stepEnded(q(2, 'none'))).toEqual({ kind: 'rewind', index: 2 });
  });
  it('repeat single restarts the same item', () => {
    expect(stepEnded(q(1, 'single'))).toEqual({ kind: 'play', index: 1 });
  });
  it('repeat queue moves on and wraps to the first after the last', () => {
    expect(stepEnded(q(0, 'queue'))).toEqual({ kind: 'play', index: 1 });
    expect(stepEnded(q(2, 'queue'))).toEqual({ kind: 'play', index: 0 });
    expect(stepEnded(q(0, 'queue', 1))).toEqual({ kind: 'play', index: 0 });
  });
});

describe('queue editing', () => {
  it('jumps only inside the queue', () => {
    expect(stepJump(q(0), 2)).toEqual({ kind: 'play', index: 2 });
    expect(stepJump(q(0), 3)).toBeNull();
  });
  it('removes an earlier item and keeps the current one current', () => {
    const next = removeAt(q(2), 0);
    expect(next.queue).toEqual(['b', 'c']);
    expect(next.index).toBe(1);
  });
  it('removes a later item without moving the index', () => {
    expect(removeAt(q(0), 2)).toEqual({ queue: ['a', 'b'], index: 0, repeat: 'none' });
  });
  it('refuses to remove the current item', () => {
    expect(removeAt(q(1), 1)).toEqual(q(1));
  });
  it('appends, starting an empty queue at its first item', () => {
    expect(append({ queue: [], index: -1, repeat: 'none' }, ['x'])).toEqual({
      queue: ['x'],
      index: 0,
      repeat: 'none',
    });
    expect(append(q(1), ['d']).index).toBe(1);
  });
  it('stop clears the queue and the index but keeps the repeat mode', () => {
    expect(stopped(q(1, 'queue'))).toEqual({ queue: [], index: -1, repeat: 'queue' });
  });
});
