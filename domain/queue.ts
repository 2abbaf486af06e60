/**
 * Pure queue rules of the player (spec part 1, section 4 "Queue and repeat"). The engine asks
 * these functions what to do and performs it; nothing here touches audio or storage.
 */

export const REPEAT_MODES = ['none', 'single', 'queue'] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];

export interface QueueState<T> {
  queue: readonly T[];
  /** -1 when nothing is loaded. */
  index: number;
  repeat: RepeatMode;
}

/**
 * What the engine must do after a queue move:
 * - play: load (or restart) the item at `index` and play it;
 * - rewind: stay on `index`, pause and seek to 0 (a skip past the bounds);
 * - stop: nothing is loaded any more.
 */
export type QueueStep =
  { kind: 'play'; index: number } | { kind: 'rewind'; index: number } | { kind: 'stop' };

export const EMPTY_QUEUE: QueueState<never> = { queue: [], index: -1, repeat: 'none' };

/** none -> single -> queue -> none */
export function nextRepeatMode(mode: RepeatMode): RepeatMode {
  switch (mode) {
    case 'none':
      return 'single';
    case 'single':
      return 'queue';
    case 'queue':
      return 'none';
  }
}

export const hasPrevious = (state: QueueState<unknown>): boolean => state.index > 0;
export const hasNext = (state: QueueState<unknown>): boolean =>
  state.index >= 0 && state.index < state.queue.length - 1;

function inBounds(state: QueueState<unknown>, index: number): boolean {
  return index >= 0 && index < state.queue.length;
}

/** The next button: the next item, or pause and rewind past the last one. */
export function stepNext(state: QueueState<unknown>): QueueStep {
  if (state.queue.length === 0) return { kind: 'stop' };
  const target = state.index + 1;
  return inBounds(state, target)
    ? { kind: 'play', index: target }
    : { kind: 'rewind', index: Math.max(0, Math.min(state.index, state.queue.length - 1)) };
}

/** The previous button: the previous item, or pause and rewind before the first one. */
export function stepPrevious(state: QueueState<unknown>): QueueStep {
  if (state.queue.length === 0) return { kind: 'stop' };
  const target = state.index - 1;
  return inBounds(state, target)
    ? { kind: 'play', index: target }
    : { kind: 'rewind', index: Math.max(0, Math.min(state.index, state.queue.length - 1)) };
}

/** A track ended: none moves on (rewinds after the last), single restarts, queue wraps. */
export function stepEnded(state: QueueState<unknown>): QueueStep {
  if (state.queue.length === 0) return { kind: 'stop' };
  switch (state.repeat) {
    case 'single':
      return { kind: 'play', index: state.index };
    case 'queue':
      return { kind: 'play', index: (state.index + 1) % state.queue.length };
    case 'none':
      return stepNext(state);
  }
}

/** Jumping to an item of the queue; an index out of range changes nothing. */
export function stepJump(state: QueueState<unknown>, index: number): QueueStep | null {
  return inBounds(state, index) ? { kind: 'play', index } : null;
}

/**
 * Removes a non-current item; the current index moves down when an earlier item goes.
 * Removing the current item is refused (the panel offers no button for it).
 */
export function removeAt<T>(state: QueueState<T>, index: number): QueueState<T> {
  if (!inBounds(state, index) || index === state.index) return state;
  const queue = state.queue.filter((_, i) => i !== index);
  return { ...state, queue, index: index < state.index ? state.index - 1 : state.index };
}

/** Appends without moving the current index; an empty queue starts at the first new item. */
export function append<T>(state: QueueState<T>, items: readonly T[]): QueueState<T> {
  const queue = [...state.queue, ...items];
  return { ...state, queue, index: state.index < 0 && queue.length > 0 ? 0 : state.index };
}

/** Stopping clears the queue and the index; the repeat mode is a preference and stays. */
export function stopped<T>(state: QueueState<T>): QueueState<T> {
  return { ...state, queue: [], index: -1 };
}

/**
 * Moves the item at `from` to `to` (drag or keyboard reordering of the queue); the current
 * item stays current wherever it lands. Out-of-range indexes change nothing.
 */
export function moveAt<T>(state: QueueState<T>, from: number, to: number): QueueState<T> {
  if (!inBounds(state, from) || !inBounds(state, to) || from === to) return state;
  const queue = [...state.queue];
  const [item] = queue.splice(from, 1) as [T];
  queue.splice(to, 0, item);
  let index = state.index;
  if (from === state.index) index = to;
  else if (from < state.index && to >= state.index) index -= 1;
  else if (from > state.index && to <= state.index) index += 1;
  return { ...state, queue, index };
}
