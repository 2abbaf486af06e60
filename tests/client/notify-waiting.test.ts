import { describe, expect, it, vi } from 'vitest';

describe('notices raised before the Toaster is mounted (lib/notify)', () => {
  it('ask for the Toaster once raised, wait for it, and reach it in order; later ones go straight', async () => {
    vi.resetModules();
    const notify = await import('../../src/lib/notify');
    const wanted = vi.fn();
    const stop = notify.whenNoticeWaits(wanted);
    await Promise.resolve();
    expect(wanted).not.toHaveBeenCalled();

    notify.notifyError('first');
    notify.notifySuccess('second', { description: 'more' });
    await Promise.resolve();
    expect(wanted).toHaveBeenCalled();

    const created: unknown[] = [];
    notify.attachToaster({ create: (notice) => created.push(notice) });
    expect(created).toEqual([
      { title: 'first', description: undefined, type: 'error', duration: notify.NOTIFY_ERROR_MS },
      { title: 'second', description: 'more', type: 'success', duration: notify.NOTIFY_SUCCESS_MS },
    ]);
    notify.notify('third');
    expect(created).toHaveLength(3);
    stop();
  });

  it('tells a listener that subscribes late about a notice already waiting', async () => {
    vi.resetModules();
    const notify = await import('../../src/lib/notify');
    notify.notify('early');
    const wanted = vi.fn();
    notify.whenNoticeWaits(wanted);
    await Promise.resolve();
    expect(wanted).toHaveBeenCalledTimes(1);
  });
});
