import { describe, expect, it, vi } from 'vitest';

vi.mock('./notify', () => ({ notifyError: vi.fn() }));

import { ApiError } from './api-client';
import { isNetworkFailure, sendInOrder, trySend, type OutboxCall } from './outbox';

const call = (n: number): OutboxCall => ({
  method: 'PUT',
  path: `/api/playlist/${n}/file`,
  body: { ids: [n] },
});
const offline = new ApiError(0, 'Network error');
const refused = new ApiError(403, 'Forbidden');

describe('isNetworkFailure', () => {
  it('is true only for status 0', () => {
    expect(isNetworkFailure(offline)).toBe(true);
    expect(isNetworkFailure(refused)).toBe(false);
    expect(isNetworkFailure(new Error('x'))).toBe(false);
  });
});

describe('trySend', () => {
  it('queues without sending while offline', async () => {
    const send = vi.fn(() => Promise.resolve());
    const enqueue = vi.fn(() => Promise.resolve());
    await expect(trySend(call(1), false, { send, enqueue })).resolves.toBe('queued');
    expect(send).not.toHaveBeenCalled();
    expect(enqueue).toHaveBeenCalledWith(call(1));
  });

  it('sends while online', async () => {
    const send = vi.fn(() => Promise.resolve());
    const enqueue = vi.fn(() => Promise.resolve());
    await expect(trySend(call(1), true, { send, enqueue })).resolves.toBe('sent');
    expect(send).toHaveBeenCalledWith(call(1));
    expect(enqueue).not.toHaveBeenCalled();
  });

  it('queues on a network failure, throws on a refusal', async () => {
    const enqueue = vi.fn(() => Promise.resolve());
    await expect(
      trySend(call(1), true, { send: () => Promise.reject(offline), enqueue }),
    ).resolves.toBe('queued');
    expect(enqueue).toHaveBeenCalledTimes(1);
    await expect(
      trySend(call(2), true, { send: () => Promise.reject(refused), enqueue }),
    ).rejects.toBe(refused);
    expect(enqueue).toHaveBeenCalledTimes(1);
  });
});

describe('sendInOrder', () => {
  it('sends all in order', async () => {
    const sent: string[] = [];
    const done = await sendInOrder([call(1), call(2)], (c) => {
      sent.push(c.path);
      return Promise.resolve();
    });
    expect(done).toBe(2);
    expect(sent).toEqual(['/api/playlist/1/file', '/api/playlist/2/file']);
  });

  it('drops refused calls and stops at the first network failure', async () => {
    const results = [Promise.reject(refused), Promise.resolve(), Promise.reject(offline)];
    results.forEach((p) => p.catch(() => undefined));
    const send = vi.fn(
      (c: OutboxCall) => results[Number(c.path.split('/')[3]) - 1] ?? Promise.resolve(),
    );
    const done = await sendInOrder([call(1), call(2), call(3), call(4)], send);
    expect(done).toBe(2);
    expect(send).toHaveBeenCalledTimes(3);
  });
});
