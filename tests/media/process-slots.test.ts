import { describe, expect, it } from 'vitest';
import { ProcessSlots } from '../../server/media/process-slots';

describe('ProcessSlots', () => {
  it('runs at most `size` holders and queues the rest in order', async () => {
    const slots = new ProcessSlots(2);
    const a = await slots.acquire();
    const b = await slots.acquire();
    const order: string[] = [];
    const c = slots.acquire().then((release) => (order.push('c'), release));
    const d = slots.acquire().then((release) => (order.push('d'), release));
    expect([slots.active, slots.queued]).toEqual([2, 2]);
    a();
    const releaseC = await c;
    expect(order).toEqual(['c']);
    b();
    const releaseD = await d;
    expect(order).toEqual(['c', 'd']);
    releaseC();
    releaseD();
    expect([slots.active, slots.queued]).toEqual([0, 0]);
  });

  it('drops an aborted waiter without leaking its slot', async () => {
    const slots = new ProcessSlots(1);
    const release = await slots.acquire();
    const controller = new AbortController();
    const waiter = slots.acquire(controller.signal);
    controller.abort(new Error('client went away'));
    await expect(waiter).rejects.toThrow('client went away');
    expect(slots.queued).toBe(0);
    release();
    release(); // releasing twice is harmless
    expect(slots.active).toBe(0);
  });
});
