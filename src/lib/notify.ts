import { createToaster } from '@chakra-ui/react';

/** Notification durations (spec part 1, section 9). */
export const NOTIFY_DEFAULT_MS = 5000;
export const NOTIFY_SUCCESS_MS = 5000;
export const NOTIFY_ERROR_MS = 3000;

/** The single toaster of the app; rendered by `<Toaster />` from `src/ui/toaster.tsx`. */
export const toaster = createToaster({
  placement: 'top-end',
  // Below the sticky header (and the offline banner; --shell-top is set by the shell), so a
  // toast never covers the menu, search or account buttons on a phone.
  offsets: {
    top: 'calc(var(--shell-top, 56px) + 0.5rem)',
    right: '1rem',
    bottom: '1rem',
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
  toaster.create({
    title,
    description: options.description,
    type: 'success',
    duration: options.duration ?? NOTIFY_SUCCESS_MS,
  });
}

/** Red, 3 s by default. */
export function notifyError(title: string, options: NotifyOptions = {}): void {
  toaster.create({
    title,
    description: options.description,
    type: 'error',
    duration: options.duration ?? NOTIFY_ERROR_MS,
  });
}

/** Neutral, 5 s by default. */
export function notify(title: string, options: NotifyOptions = {}): void {
  toaster.create({
    title,
    description: options.description,
    type: 'info',
    duration: options.duration ?? NOTIFY_DEFAULT_MS,
  });
}
