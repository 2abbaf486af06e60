import { Workbox } from 'workbox-window';

/**
 * Registers /service-worker.js with scope / (spec part 1, section 2). A new worker that has
 * installed is told to take over, and the page reloads when a worker takes control (an update,
 * or an activation triggered from another tab). Offline-ready needs no visible action.
 *
 * The player can defer the reload while a song plays (ARCHITECTURE: updates are never forced
 * mid-song) by installing a gate with `setReloadGate`.
 */
type ReloadGate = (reload: () => void) => void;

let reloadGate: ReloadGate = (reload) => reload();

export function setReloadGate(gate: ReloadGate): void {
  reloadGate = gate;
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/service-worker.js', { scope: '/' });
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };

  // Also fires for a worker installed from another tab (event.isExternal).
  workbox.addEventListener('waiting', () => {
    workbox.messageSkipWaiting();
  });
  workbox.addEventListener('controlling', (event) => {
    // The first install of the worker also takes control; only a replacement needs a reload.
    if (event.isUpdate || event.isExternal) reloadGate(reload);
  });
  void workbox.register().catch((error: unknown) => {
    console.warn('Service worker registration failed', error);
  });
}
