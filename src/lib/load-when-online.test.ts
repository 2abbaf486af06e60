import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './load-when-online';

const events = new EventTarget();
let online = true;
vi.stubGlobal('window', events);
vi.stubGlobal('navigator', {
  get onLine() {
    return online;
  },
});

const failing = (): Promise<string> =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

afterEach(() => {
  online = true;
});

describe('loadWhenOnline', () => {
  it('passes a failure through while the browser is online', async () => {
    await expect(loadWhenOnline(failing)).rejects.toThrow('Failed to fetch');
  });

  it('offline, waits for the network and loads again instead of failing', async () => {
    online = false;
    const load = vi.fn(() => (online ? Promise.resolve('the module') : failing()));
    let settled = false;
    const result = loadWhenOnline(load).finally(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    online = true;
    events.dispatchEvent(new Event('online'));
    await expect(result).resolves.toBe('the module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps waiting through a retry that fails while still offline', async () => {
    online = false;
    const load = vi.fn(failing);
    const result = loadWhenOnline(load);
    await new Promise((r) => setTimeout(r, 0));
    // A flaky "online" that is gone again before the retry: still waiting, not failed.
    events.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 0));
    expect(load).toHaveBeenCalledTimes(2);
    load.mockImplementation(() => Promise.resolve('loaded'));
    online = true;
    events.dispatchEvent(new Event('online'));
    await expect(result).resolves.toBe('loaded');
  });
});
