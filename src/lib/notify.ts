/** Notification durations (spec part 1, section 9). */
export const NOTIFY_DEFAULT_MS = 5000;
export const NOTIFY_SUCCESS_MS = 5000;
export const NOTIFY_ERROR_MS = 3000;

/**
 * On a phone a toast at the top covers the page's heading and first field (the sign-in form's
 * "Login" under "Please login to access this page!"), so there toasts sit at the bottom, above
 * the player bar when one is showing (`--toast-bottom`, measured when a toast is made). On
 * wider screens the top-right corner below the sticky header is free.
 */
function keepClearOfPlayer(): void {
  if (typeof document === 'undefined') return;
  const bar = document.querySelector('[data-testid="player-bar"]');
  const height = bar === null ? 0 : Math.round(bar.getBoundingClientRect().height);
  document.documentElement.style.setProperty('--toast-bottom', `${height}px`);
}

// The toaster's store comes with the <Toaster /> that shows it (src/app/providers.tsx mounts
// it with the theme), so the first load does not carry it. Without a mounted Toaster no notice
// shows anyway; with one, its module is loaded and this import resolves at once, offline too.
let store: Promise<typeof import('../ui/toaster-store')> | undefined;

function show(
  type: 'success' | 'error' | 'info',
  title: string,
  description?: string,
  duration?: number,
) {
  keepClearOfPlayer();
  store ??= import('../ui/toaster-store');
  void store.then(
    ({ toaster }) => toaster.create({ title, description, type, duration }),
    // A notice that cannot be shown (the chunk failed offline) must not be an unhandled error.
    () => (store = undefined),
  );
}

interface NotifyOptions {
  description?: string;
  duration?: number;
}

/** Green, 5 s by default. */
export function notifySuccess(title: string, options: NotifyOptions = {}): void {
  show('success', title, options.description, options.duration ?? NOTIFY_SUCCESS_MS);
}

/** Red, 3 s by default. */
export function notifyError(title: string, options: NotifyOptions = {}): void {
  show('error', title, options.description, options.duration ?? NOTIFY_ERROR_MS);
}

/** Neutral, 5 s by default. */
export function notify(title: string, options: NotifyOptions = {}): void {
  show('info', title, options.description, options.duration ?? NOTIFY_DEFAULT_MS);
}
