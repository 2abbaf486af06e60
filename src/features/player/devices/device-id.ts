import { DEVICE_ID_PATTERN } from '../../../../domain/devices';

const KEY = 'device-id';
const TAB_KEY = 'device-id-tab';

const fresh = () => crypto.randomUUID().replaceAll('-', '');

function stored(storage: Storage | undefined, key: string): string | null {
  try {
    const value = storage?.getItem(key) ?? null;
    return value !== null && DEVICE_ID_PATTERN.test(value) ? value : null;
  } catch {
    return null;
  }
}

function keep(storage: Storage | undefined, key: string, value: string): string {
  try {
    storage?.setItem(key, value);
  } catch {
    // Private mode: the id lasts as long as the page.
  }
  return value;
}

/** Holds a lock for the page's whole life when it is free; answers whether it got it. */
function claim(name: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || navigator.locks === undefined)
    return Promise.resolve(true);
  return new Promise((resolve) => {
    void navigator.locks.request(name, { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      // Never settles: the lock is released when the page goes.
      return lock === null ? undefined : new Promise<never>(() => {});
    });
  });
}

let identity: Promise<string> | null = null;

/**
 * This app's device id (issue 50): the browser keeps one (localStorage), so the installed app
 * is the same device after every restart. A second tab of the same browser is a device of its
 * own for as long as it lives (sessionStorage): a command must never play in two tabs at once,
 * so only the tab holding the browser's lock answers to the browser's id.
 */
export function deviceId(): Promise<string> {
  identity ??= (async () => {
    const local = typeof localStorage === 'undefined' ? undefined : localStorage;
    const session = typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
    const base = stored(local, KEY) ?? keep(local, KEY, fresh());
    if (await claim(`musicbox-${KEY}-${base}`)) return base;
    return stored(session, TAB_KEY) ?? keep(session, TAB_KEY, fresh());
  })();
  return identity;
}
