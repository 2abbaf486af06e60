import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/**
 * Registers /service-worker.js with scope / (spec part 1, section 2) and runs the update flow:
 * a new version is offered (useUpdateAvailable + acceptUpdate) and activates when the user
 * accepts or as soon as nothing is playing. A worker taking control (an update, or an
 * activation from another tab) reloads the page, but never in the middle of a song: the
 * player installs a gate with `setReloadGate` that waits until playback is idle.
 */
type ReloadGate = (reload: () => void) => void;

let reloadGate: ReloadGate = (reload) => reload();
let updateAvailable = false;
let accepted = false;
let workbox: Workbox | null = null;
const listeners = new Set<() => void>();

export function setReloadGate(gate: ReloadGate): void {
  reloadGate = gate;
}

function setAvailable(value: boolean): void {
  updateAvailable = value;
  listeners.forEach((listener) => listener());
}

/** True while a new version is installed and waiting. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => updateAvailable,
    () => false,
  );
}

/** The user chose "Update": activate now and reload even if something plays. */
export function acceptUpdate(): void {
  accepted = true;
  workbox?.messageSkipWaiting();
}

/** Registers once `settled` resolves: the first page's own loading comes first (page-settled.ts). */
export function registerServiceWorker(settled: Promise<void>): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };

  // A page that loaded without a controller came from the network, so the first worker to
  // claim it (installed by this page or by another tab) serves the same version: reloading then
  // would only throw away what the user was typing. Every later change of controller is a new
  // version and reloads. Workbox's isUpdate/isExternal cannot tell these apart (a first
  // takeover by another tab's install is "external", and an update installed after it looks
  // like a first install), so the browser's own event decides, and it is listened to from the
  // start rather than from Workbox's registration, which waits for the load event.
  let uncontrolled = navigator.serviceWorker.controller === null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const firstTakeover = uncontrolled;
    uncontrolled = false;
    if (firstTakeover) return;
    if (accepted) reload();
    else reloadGate(reload);
  });

  // Workbox is not needed to show the first page; its library (a few kB) is fetched once the
  // load event has passed, so it is at hand when the page settles and the worker registers
  // at once (issue 30: offline-ready within seconds of the first page settling).
  const library = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  }).then(() => import('workbox-window'));
  void Promise.all([library, settled])
    .then(([{ Workbox }]) => {
      const wb = new Workbox('/service-worker.js', { scope: '/' });
      workbox = wb;
      // Also fires for a worker installed from another tab (event.isExternal).
      wb.addEventListener('waiting', () => {
        setAvailable(true);
        reloadGate(() => wb.messageSkipWaiting());
      });
      return wb.register();
    })
    .catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
}
