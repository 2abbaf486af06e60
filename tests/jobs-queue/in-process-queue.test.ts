import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InProcessQueue } from '../../server/jobs/queue/in-process-queue';

/** Runs queued setImmediate callbacks (left real) and the promises they start. */
const settle = () => new Promise((done) => setImmediate(done)).then(() => Promise.resolve());

describe('the in-process job queue (SQLite)', () => {
  const failures: Array<{ error: unknown; job: string }> = [];
  let queue: InProcessQueue;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    failures.length = 0;
    queue = new InProcessQueue((error, job) => failures.push({ error, job }), 5_000);
  });
  afterEach(async () => {
    await queue.stop();
    vi.useRealTimers();
  });

  it('keeps jobs sent before start until start, then runs each with its data', async () => {
    const seen: number[] = [];
    queue.work<{ n: number }>('job', ({ n }) => Promise.resolve(seen.push(n)));
    expect(await queue.send('job', { n: 1 })).toBe(true);
    await settle();
    expect(seen).toEqual([]);
    await queue.start();
    await queue.send('job', { n: 2 });
    await settle();
    expect(seen).toEqual([1, 2]);
  });

  it('drops a send whose singleton key is already waiting, and takes it again once that ran', async () => {
    const seen: string[] = [];
    queue.work<{ v: string }>('job', ({ v }) => Promise.resolve(seen.push(v)));
    await queue.start();
    expect(await queue.send('job', { v: 'a' }, { singletonKey: 'k' })).toBe(true);
    expect(await queue.send('job', { v: 'b' }, { singletonKey: 'k' })).toBe(false);
    expect(await queue.send('job', { v: 'c' }, { singletonKey: 'other' })).toBe(true);
    await settle();
    expect(seen).toEqual(['a', 'c']);
    expect(await queue.send('job', { v: 'd' }, { singletonKey: 'k' })).toBe(true);
    await settle();
    expect(seen).toEqual(['a', 'c', 'd']);
  });

  it('runs a delayed job after its delay, not before', async () => {
    const seen: string[] = [];
    queue.work<{ v: string }>('job', ({ v }) => Promise.resolve(seen.push(v)));
    await queue.start();
    await queue.send('job', { v: 'later' }, { startAfterSeconds: 30 });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen).toEqual(['later']);
  });

  it('runs a periodic job first after firstRunMs, then once per period', async () => {
    let runs = 0;
    queue.every('tick', { periodMs: 60_000, firstRunMs: 1_000 }, () => Promise.resolve(runs++));
    queue.every('slow', { periodMs: 10_000 }, () => Promise.resolve());
    await queue.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // The period counts from start, as the timers it replaces did.
    await vi.advanceTimersByTimeAsync(58_999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toBe(4);
  });

  it('reports a failed job with its name and goes on', async () => {
    queue.work('bad', () => Promise.reject(new Error('boom')));
    await queue.start();
    await queue.send('bad', {});
    await settle();
    expect(failures).toHaveLength(1);
    expect(failures[0]?.job).toBe('bad');
    expect((failures[0]?.error as Error).message).toBe('boom');
  });

  it('stop waits for a running job, runs nothing more, and refuses new jobs', async () => {
    let finish = () => undefined as void;
    let finished = false;
    queue.work('long', () =>
      new Promise<void>((done) => (finish = done)).then(() => {
        finished = true;
      }),
    );
    let ticks = 0;
    queue.every('tick', { periodMs: 1_000 }, () => Promise.resolve(ticks++));
    await queue.start();
    await queue.send('long', {});
    await settle();
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ticks).toBe(0);
    expect(await queue.send('long', {})).toBe(false);
  });

  it('stop gives a job that never ends only its bound', async () => {
    queue.work('stuck', () => new Promise(() => undefined));
    await queue.start();
    await queue.send('stuck', {});
    await settle();
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    expect(stopped).toBe(true);
  });
});
