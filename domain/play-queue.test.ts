import { describe, expect, it } from 'vitest';
import { offersSavedQueue, savedQueueStart, type SavedPlayQueue } from './play-queue';

/** A saved queue of these file ids; only the file id of each entry matters to the rules. */
const saved = (
  ids: number[],
  currentFileId: number | null,
  positionMs = 0,
  changedAt = '2026-05-01T10:00:00.000Z',
) =>
  ({
    entries: ids.map((fileId) => ({ file: { fileId } })) as SavedPlayQueue['entries'],
    currentFileId,
    positionMs,
    changedAt,
  }) satisfies Pick<SavedPlayQueue, 'entries' | 'currentFileId' | 'positionMs' | 'changedAt'>;

describe('savedQueueStart', () => {
  it('continues at the current entry and its position, in seconds', () => {
    expect(savedQueueStart(saved([4, 5, 6], 5, 83_500))).toEqual({ index: 1, seconds: 83.5 });
  });

  it('starts from the top when the current entry is gone', () => {
    expect(savedQueueStart(saved([4, 5], null, 9000))).toEqual({ index: 0, seconds: 0 });
    expect(savedQueueStart(saved([4, 5], 7, 9000))).toEqual({ index: 0, seconds: 0 });
  });
});

describe('offersSavedQueue', () => {
  const held = (fileIds: Array<number | undefined>, currentFileId: number | null) => ({
    fileIds,
    currentFileId,
  });

  it('offers a queue the player does not hold, to an empty player too', () => {
    expect(offersSavedQueue(saved([4, 5], 5), held([], null), null)).toBe(true);
    expect(offersSavedQueue(saved([4, 5], 5), held([4, 6], 4), null)).toBe(true);
  });

  it('offers the same tracks when another one is current', () => {
    expect(offersSavedQueue(saved([4, 5], 5), held([4, 5], 4), null)).toBe(true);
  });

  it('does not offer what the player already holds, whatever the position', () => {
    expect(offersSavedQueue(saved([4, 5], 5, 60_000), held([4, 5], 5), null)).toBe(false);
  });

  it('does not offer an empty queue, nor a save taken or dismissed on this device', () => {
    expect(offersSavedQueue(saved([], null), held([], null), null)).toBe(false);
    const once = saved([4], 4, 0, '2026-05-01T10:00:00.000Z');
    expect(offersSavedQueue(once, held([], null), '2026-05-01T10:00:00.000Z')).toBe(false);
    // A newer save is offered again.
    expect(offersSavedQueue(once, held([], null), '2026-04-01T10:00:00.000Z')).toBe(true);
  });

  it('treats external tracks (no file id) as different', () => {
    expect(offersSavedQueue(saved([4], 4), held([undefined], null), null)).toBe(true);
  });
});
