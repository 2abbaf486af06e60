import type { CastState } from '../state/cast-atoms';

export interface RemoteListener {
  /** Whether the browser reports a device `el`'s source could play on. */
  available(yes: boolean): void;
  /** The connection changed: `connecting`, `connected`, or back to `disconnected`. */
  state(state: CastState): void;
}

export interface RemoteHandle {
  /** The browser's device picker (Chromecast, AirPlay); needs the user's click. */
  prompt(): Promise<void>;
}

/**
 * The Remote Playback API of the engine's cast element (issue 50), where the browser has one:
 * availability is watched continuously, and every connection change is reported with the
 * element's `remote.state`. Answers null (and reports nothing available) without the API.
 */
export function watchRemote(el: HTMLMediaElement, listener: RemoteListener): RemoteHandle | null {
  // lib.dom declares `remote` on every element; Firefox and older browsers have none.
  const remote = (el as { remote?: RemotePlayback }).remote;
  if (remote === undefined || typeof remote.watchAvailability !== 'function') return null;
  // Rejected where the platform cannot watch (or remote playback is disabled): no button.
  remote.watchAvailability((yes) => listener.available(yes)).catch(() => listener.available(false));
  for (const type of ['connecting', 'connect', 'disconnect'] as const)
    remote.addEventListener(type, () => listener.state(remote.state));
  return { prompt: () => remote.prompt() };
}
