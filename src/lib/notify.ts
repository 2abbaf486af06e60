import { createToaster } from '@chakra-ui/react';

/** Notification durations (spec part 1, section 9). */
export const NOTIFY_DEFAULT_MS = 5000;
export const NOTIFY_SUCCESS_MS = 5000;
export const NOTIFY_ERROR_MS = 3000;

/** Chakra's `md` breakpoint: below it the layout is the phone's. */
const PHONE_QUERY = '(max-width: 47.99em)';
const onPhone = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches === true;

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

/** The single toaster of the app; rendered by `<Toaster />` from `src/ui/toaster.tsx`. */
export const toaster = createToaster({
  placement: onPhone() ? 'bottom' : 'top-end',
  // Below the sticky header (and the offline banner; --shell-top is set by the shell), so a
  // toast never covers the menu, search or account buttons.
  offsets: {
    top: 'calc(var(--shell-top, 56px) + 0.5rem)',
    right: '1rem',
    bottom: 'calc(var(--toast-bottom, 0px) + 1rem)',
    left: '1rem',
  },
  pauseOnPageIdle: true,
  max: 5,
});

interface NotifyOptions {
  description?: string;
  duration?: number;
}

/** Green, 5 s by default. */
export function notifySuccess(title: string, options: NotifyOptions = {}): void {
  keepClearOfPlayer();
  toaster.create({
    title,
    description: options.description,
    type: 'success',
    duration: options.duration ?? NOTIFY_SUCCESS_MS,
  });
}

/** Red, 3 s by default. */
export function notifyError(title: string, options: NotifyOptions = {}): void {
  keepClearOfPlayer();
  toaster.create({
    title,
    description: options.description,
    type: 'error',
    duration: options.duration ?? NOTIFY_ERROR_MS,
  });
}

/** Neutral, 5 s by default. */
export function notify(title: string, options: NotifyOptions = {}): void {
  keepClearOfPlayer();
  toaster.create({
    title,
    description: options.description,
    type: 'info',
    duration: options.duration ?? NOTIFY_DEFAULT_MS,
  });
}
