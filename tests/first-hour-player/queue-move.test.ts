import { describe, expect, it } from 'vitest';
import { moveAt, type QueueState } from '../../domain/queue';

const state = (index: number): QueueState<string> => ({
  queue: ['a', 'b', 'c', 'd'],
  index,
  repeat: 'none',
});

describe('moveAt (queue reordering)', () => {
  it('moves the current item and keeps it current', () => {
    expect(moveAt(state(0), 0, 3)).toMatchObject({ queue: ['b', 'c', 'd', 'a'], index: 3 });
  });

  it('shifts the current index when an item crosses it', () => {
    expect(moveAt(state(2), 0, 3)).toMatchObject({ queue: ['b', 'c', 'd', 'a'], index: 1 });
    expect(moveAt(state(1), 3, 0)).toMatchObject({ queue: ['d', 'a', 'b', 'c'], index: 2 });
  });

  it('leaves the current index when the move is on one side of it', () => {
    expect(moveAt(state(0), 1, 3)).toMatchObject({ queue: ['a', 'c', 'd', 'b'], index: 0 });
    expect(moveAt(state(3), 0, 2)).toMatchObject({ queue: ['b', 'c', 'a', 'd'], index: 3 });
  });

  it('changes nothing for out-of-range or equal indexes', () => {
    const before = state(1);
    expect(moveAt(before, -1, 2)).toBe(before);
    expect(moveAt(before, 1, 4)).toBe(before);
    expect(moveAt(before, 2, 2)).toBe(before);
  });
});
